import { describe, expect, it } from 'vitest';
import { fileViewOf, withFileView } from './published-files-filter';

const params = (query: string) => new URLSearchParams(query);

describe("the published files' view in the URL", () => {
  it('reads the filter, the state, the order and the page; anything unknown is the default', () => {
    expect(fileViewOf(params('file=PIBs&show=live&sort=name&page=abc_-1&rows=3'))).toEqual({
      text: 'PIBs',
      state: 'live',
      sort: 'name',
      cursor: 'abc_-1',
      rows: 3,
    });
    expect(fileViewOf(params('show=gone&sort=colour&page=a%20b&rows=0'))).toEqual({
      text: '',
      state: 'all',
      sort: '-published',
      cursor: undefined,
      rows: 50,
    });
    for (const rows of ['-1', '1e9999', '501', '2.5', '9'.repeat(400)]) {
      expect(fileViewOf(params(`rows=${rows}`)).rows).toBe(50);
    }
    expect(fileViewOf(params(`file=${'x'.repeat(10_000)}`)).text).toHaveLength(300);
  });

  it('a new filter or order goes back to the first page; a page keeps the filter; defaults leave the URL', () => {
    const on = params('file=PIBs&show=live&page=abc&change=3');
    expect(withFileView(on, { text: 'DSV' }).toString()).toBe('file=DSV&show=live&change=3');
    expect(withFileView(on, { sort: 'size' }).toString()).toBe('file=PIBs&show=live&change=3&sort=size');
    expect(withFileView(on, { cursor: 'next' }).toString()).toBe('file=PIBs&show=live&page=next&change=3');
    expect(withFileView(on, { rows: 10 }).toString()).toBe('file=PIBs&show=live&change=3&rows=10');
    expect(withFileView(on, { text: '', state: 'all', sort: '-published', rows: 50 }).toString()).toBe('change=3');
  });
});

import { describe, expect, it } from 'vitest';
import { FeedDocumentCache, feedDocument } from './feed-caches';

const document = (text: string) => feedDocument(text, new Date('2026-11-25T00:00:00Z'));

describe('the feed document cache', () => {
  it('keeps documents of one snapshot only, bounded by count and by bytes, the least recently used forgotten first', () => {
    const cache = new FeedDocumentCache(2, 800);
    const snapshot = {};
    expect(cache.get('a', snapshot)).toBeUndefined();
    cache.set('a', snapshot, document('a'.repeat(10)));
    cache.set('b', snapshot, document('b'.repeat(10)));
    expect(cache.get('a', snapshot)?.body.toString()).toBe('a'.repeat(10));
    cache.set('c', snapshot, document('c'.repeat(10)));
    // Two at most: b was the least recently used.
    expect(cache.get('b', snapshot)).toBeUndefined();
    expect(cache.get('a', snapshot)).toBeDefined();
    // Larger than an eighth of the bytes: served, never kept.
    cache.set('big', snapshot, document('x'.repeat(101)));
    expect(cache.get('big', snapshot)).toBeUndefined();
    // A new snapshot (a publish) forgets every document; one built from the old snapshot is not kept.
    const published = {};
    expect(cache.get('a', published)).toBeUndefined();
    cache.set('c', snapshot, document('c'));
    expect(cache.get('c', published)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('gives fetches that arrive together one build, with one ETag', async () => {
    const cache = new FeedDocumentCache(10, 1_000_000);
    const snapshot = {};
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return document('<feed/>');
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.obtain('t', snapshot, build)));
    expect(builds).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
    expect(cache.get('t', snapshot)).toBe(answers[0]);
    await cache.obtain('t', {}, build);
    expect(builds).toBe(2);
  });
});

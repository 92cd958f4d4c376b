import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadLinks } from '../../plugins/download-links';
import { AnswerCache } from './answer-cache';

const links = downloadLinks(Buffer.alloc(32, 7));
const file = { id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', name: 'Cornerstone-2.8.1-Offline.zip' };
const MINUTE = Date.UTC(2026, 10, 27, 14, 34);

describe('the answer cache', () => {
  afterEach(() => vi.useRealTimers());

  it('reuses an answer full of links only while its links are the ones a new answer would carry', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MINUTE });
    const cache = new AnswerCache<string, string>();
    const snapshot = {};
    const answer = () => cache.get(snapshot, 'caller', () => links.sign(file, 'staff'));
    // Built at the minute's first millisecond, asked again at its last.
    const first = answer();
    vi.setSystemTime(MINUTE + 59_999);
    expect(answer()).toBe(first);
    expect(links.sign(file, 'staff')).toBe(first);
    // The next minute has new links, and a new answer.
    vi.setSystemTime(MINUTE + 60_000);
    expect(answer()).not.toBe(first);
    expect(answer()).toBe(links.sign(file, 'staff'));
  });
});

import { describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_LIFETIME_SECONDS, downloadLinks } from './download-links';

const links = downloadLinks(Buffer.alloc(32, 7));
const file = { id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', name: 'Cornerstone-2.8.1-Offline.zip' };
const MINUTE = Date.UTC(2026, 10, 27, 14, 34);
const expiresOf = (link: string) => Number(new URL(link, 'http://portal.test').searchParams.get('expires'));

describe('download links', () => {
  it('are the same for every moment of one minute, its first millisecond included, and each lives at least the lifetime', () => {
    const moments = [MINUTE, MINUTE + 1, MINUTE + 30_000, MINUTE + 59_999];
    const made = moments.map((nowMs) => links.sign(file, 'staff', nowMs));
    expect(new Set(made).size).toBe(1);
    for (const nowMs of moments) {
      expect(expiresOf(made[0]!) * 1000 - nowMs).toBeGreaterThanOrEqual(DOWNLOAD_LINK_LIFETIME_SECONDS * 1000);
    }
    expect(links.sign(file, 'staff', MINUTE + 60_000)).not.toBe(made[0]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseAtom, text } from '../../../test/atom';
import { useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();

describe('public firmware feeds', () => {
  it("lists one series' releases, newest first, with SHA-256 and release notes, cacheable by anyone", async () => {
    const response = await demo.get('/v1/firmware/mx/feed.atom');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const feed = parseAtom(response.body);
    const entries = feed.entry ?? [];
    expect(entries.map((entry) => text(entry.title))).toEqual(['MX firmware 001.005.002', 'MX firmware 001.004.000']);
    expect(text(entries[1]!.content)).toContain('Adds Spanish and Portuguese');
    expect(text(entries[0]!.content)).toMatch(/SHA-256<\/dt><dd>[0-9a-f]{64}</);
    expect(entries[0]!.link[0]!['@href']).toMatch(/\/metallographics\/mx\/firmware$/);

    const again = await demo.get('/v1/firmware/mx/feed.atom');
    expect(parseAtom(again.body).entry!.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
    const notModified = await demo.get('/v1/firmware/mx/feed.atom', undefined, {
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('has a feed for each series, and refuses any other', async () => {
    for (const series of ['px', 'cx']) {
      expect(parseAtom((await demo.get(`/v1/firmware/${series}/feed.atom`)).body).entry!.length).toBe(2);
    }
    const other = await demo.get('/v1/firmware/zz/feed.atom');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: expect.any(String) });
  });
});

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
    // SPEC §5's name and the version as the maker writes it, which the entry also states as such.
    expect(entries.map((entry) => text(entry.title))).toEqual([
      'MX firmware v002 (001.005.002)',
      'MX firmware v000 (001.004.000)',
    ]);
    expect(text(entries[0]!.content)).toContain('<dt>Version</dt><dd>001.005.002</dd>');
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
    const titles = {
      px: ['PX firmware v010 (002.002.010)', 'PX firmware v007 (002.001.007)'],
      cx: ['CX firmware v004 (003.001.004)', 'CX firmware v011 (003.000.011)'],
    };
    for (const [series, expected] of Object.entries(titles)) {
      const entries = parseAtom((await demo.get(`/v1/firmware/${series}/feed.atom`)).body).entry!;
      expect(entries.map((entry) => text(entry.title))).toEqual(expected);
    }
    const other = await demo.get('/v1/firmware/zz/feed.atom');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: expect.any(String) });
  });
});

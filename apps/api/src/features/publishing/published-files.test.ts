import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  PUBLISHED_FILES_CURSOR_MESSAGE,
  PUBLISHED_FILES_MAX_LIMIT,
  PUBLISHING_PATHS,
  type CatalogueManifest,
  type PublishedFile,
  type PublishedFileAnswer,
  type PublishedFilePage,
  type PublishedFileSort,
} from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { importFolder } from './publishing';

/**
 * The publishing screen's files a page at a time: the demo catalogue and 150 generated PIBs
 * (Cornerstone 2.9.0, 2.10.0 and 2.11.0, 50 variants each), paged, filtered and ordered by
 * the server (docs/publishing.md#published-files).
 */
const demo = useDemoPortal();
const VERSIONS = ['2.9.0', '2.10.0', '2.11.0'];
const GENERATED = VERSIONS.length * 50;
let publisher: string;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-files-'));
  const pibs: CatalogueManifest['pibs'] = [];
  for (const version of VERSIONS) {
    for (let variant = 0; variant < 50; variant++) {
      const name = `Generated-PIB-${version}-v${String(variant).padStart(3, '0')}.pdf`;
      // Sizes differ, so the order by size is not the order by name.
      await writeFile(path.join(folder, name), `${name} `.repeat(1 + ((variant * 7) % 13)));
      pibs.push({
        product: 'Cornerstone',
        version,
        internalVariant: `gen${variant}`,
        variant: `Gen ${variant}`,
        file: { path: name },
      });
    }
  }
  const manifest = { families: ['CS'], versions: [], registrations: [], pibs, dsvs: [] } satisfies CatalogueManifest;
  await writeFile(path.join(folder, 'catalogue.json'), JSON.stringify(manifest));
  const { db } = demo.portal.database;
  await importFolder(folder, { db, secretKey: demo.portal.app.secretKey, blobStore: demo.portal.app.blobStore });
  publisher = await demo.signIn('publisher-pages@example.com', ['publisher']);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const filesUrl = (query: Record<string, string | number>) =>
  `${PUBLISHING_PATHS.files}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;

async function page(query: Record<string, string | number>): Promise<PublishedFilePage> {
  const response = await demo.get(filesUrl(query), publisher);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublishedFilePage>();
}

/** Every page of a query, forward from the first; then back again from the last, page by page. */
async function walk(query: Record<string, string | number>) {
  const pages: PublishedFilePage[] = [await page(query)];
  while (pages.at(-1)!.nextCursor) pages.push(await page({ ...query, cursor: pages.at(-1)!.nextCursor! }));
  const back: PublishedFilePage[] = [pages.at(-1)!];
  while (back.at(-1)!.previousCursor) back.push(await page({ ...query, cursor: back.at(-1)!.previousCursor! }));
  return { pages, back: back.reverse() };
}

const ids = (files: PublishedFile[]) => files.map((file) => file.id);

describe('GET /v1/publishing/files: a page at a time', () => {
  it('pages of 50 forward reach every file once, in the newest-first order; back again gives the same pages', async () => {
    const { files: all, nextCursor } = await page({ limit: PUBLISHED_FILES_MAX_LIMIT });
    expect(nextCursor).toBeNull();
    expect(all.length).toBeGreaterThan(GENERATED + 20);
    const { pages, back } = await walk({ limit: 50 });
    expect(pages).toHaveLength(Math.ceil(all.length / 50));
    expect(
      pages.every((one, index) => one.files.length === (index < pages.length - 1 ? 50 : all.length % 50 || 50)),
    ).toBe(true);
    expect(pages.flatMap((one) => ids(one.files))).toEqual(ids(all));
    expect(pages[0]!.previousCursor).toBeNull();
    expect(back.map((one) => ids(one.files))).toEqual(pages.map((one) => ids(one.files)));
    // Newest first: each file published no later than the one before it.
    const times = all.map((file) => Date.parse(file.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each<PublishedFileSort>(['name', '-name', 'size', '-size', 'published', 'where', '-where'])(
    'sort=%s: pages of 7 give the order of one large page, each file once',
    async (sort) => {
      const { files: all } = await page({ sort, limit: PUBLISHED_FILES_MAX_LIMIT });
      const { pages, back } = await walk({ sort, limit: 7 });
      expect(pages.flatMap((one) => ids(one.files))).toEqual(ids(all));
      expect(back.flatMap((one) => ids(one.files))).toEqual(ids(all));
      if (sort.endsWith('size')) {
        const sizes = all.map((file) => file.sizeBytes);
        expect(sizes).toEqual([...sizes].sort((a, b) => (sort === 'size' ? a - b : b - a)));
      }
    },
  );

  it('sort=where groups by where a file is published, versions in natural order (2.9.0, 2.10.0, 2.11.0)', async () => {
    const { files } = await page({ sort: 'where', q: 'Generated-PIB', limit: PUBLISHED_FILES_MAX_LIMIT });
    expect(files).toHaveLength(GENERATED);
    const versions = files.map((file) => file.uses[0]!.key.split(' ')[1]);
    expect([...new Set(versions)]).toEqual(VERSIONS);
    const { files: reversed } = await page({ sort: '-where', q: 'Generated-PIB', limit: PUBLISHED_FILES_MAX_LIMIT });
    expect(ids(reversed)).toEqual(ids(files).reverse());
  });

  it('sort=name puts names in order, a name fragment filters over every file', async () => {
    const { pages } = await walk({ sort: 'name', q: 'generated-pib-2.10', limit: 20 });
    const names = pages.flatMap((one) => one.files.map((file) => file.name));
    expect(names).toHaveLength(50);
    expect(names[0]).toBe('Generated-PIB-2.10.0-v000.pdf');
    expect(names.at(-1)).toBe('Generated-PIB-2.10.0-v049.pdf');
  });

  it('filters by SHA-256 prefix, by where it is published as the screen says it, and takes % and _ literally', async () => {
    const { files: all } = await page({ limit: PUBLISHED_FILES_MAX_LIMIT });
    const one = all.find((file) => file.name === 'Generated-PIB-2.11.0-v007.pdf')!;
    expect((await page({ q: one.sha256.slice(0, 16) })).files.map((file) => file.name)).toEqual([one.name]);
    expect((await page({ q: one.sha256.slice(0, 16).toUpperCase() })).files.map((file) => file.name)).toEqual([
      one.name,
    ]);
    expect(one.uses).toEqual([{ section: 'pibs', key: 'Cornerstone 2.11.0 gen7' }]);
    const where = await page({ q: 'PIBs Cornerstone 2.11.0 gen7', limit: PUBLISHED_FILES_MAX_LIMIT });
    expect(where.files.map((file) => file.name)).toEqual([one.name]);
    expect((await page({ q: 'pibs cornerstone 2.9.0 gen', limit: PUBLISHED_FILES_MAX_LIMIT })).files).toHaveLength(50);
    expect((await page({ q: '%' })).files).toEqual([]);
    expect((await page({ q: 'Generated_PIB' })).files).toEqual([]);
    const none = await page({ q: 'no-such-file-anywhere' });
    expect(none).toEqual({ files: [], nextCursor: null, previousCursor: null });
  });

  it('state=live and state=withdrawn split the files; a withdrawal answers the file as it is now', async () => {
    const { files } = await page({ q: 'Generated-PIB-2.9.0-v00', sort: 'name' });
    expect(files).toHaveLength(10);
    for (const file of files.slice(0, 3)) {
      const response = await demo.portal.app.inject({
        method: 'POST',
        url: PUBLISHING_PATHS.withdrawal.replace(':fileId', file.id),
        headers: { authorization: publisher },
        payload: { reason: 'Paging test' },
        remoteAddress: demo.freshClient(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<PublishedFileAnswer>().file).toMatchObject({
        id: file.id,
        name: file.name,
        withdrawn: { by: 'publisher-pages@example.com', reason: 'Paging test' },
      });
    }
    const withdrawn = await page({ q: 'Generated-PIB-2.9.0-v00', state: 'withdrawn', sort: 'name' });
    expect(withdrawn.files.map((file) => file.name)).toEqual(files.slice(0, 3).map((file) => file.name));
    const live = await page({ q: 'Generated-PIB-2.9.0-v00', state: 'live', sort: 'name' });
    expect(live.files.map((file) => file.name)).toEqual(files.slice(3).map((file) => file.name));
    // Paging within a state: pages of 2 of the withdrawn files, forward and back.
    const { pages, back } = await walk({ q: 'Generated-PIB-2.9.0-v00', state: 'withdrawn', sort: 'name', limit: 2 });
    expect(pages.map((one) => one.files.length)).toEqual([2, 1]);
    expect(back.map((one) => ids(one.files))).toEqual(pages.map((one) => ids(one.files)));
  });
});

describe('GET /v1/publishing/files: bad input is a 400 with a message', () => {
  const refusedWith = async (query: string, message?: string) => {
    const response = await demo.get(`${PUBLISHING_PATHS.files}?${query}`, publisher);
    expect(response.statusCode, query).toBe(400);
    const body = response.json<{ message: string }>();
    expect(body.message.length).toBeGreaterThan(0);
    if (message) expect(body.message).toBe(message);
  };

  it.each([
    'limit=0',
    'limit=-1',
    'limit=1e9999',
    'limit=10001',
    'limit=Infinity',
    'limit=2.5',
    `limit=${'9'.repeat(400)}`,
  ])('%s', async (query) => refusedWith(query));

  it('an unknown sort, an unknown state, a 10 KB filter, an unknown parameter', async () => {
    await refusedWith('sort=colour');
    await refusedWith('sort=');
    await refusedWith('state=deleted');
    await refusedWith(`q=${'a'.repeat(10_240)}`);
    await refusedWith('page=3');
  });

  it('a cursor that is not one of ours, or not for this order', async () => {
    const { nextCursor } = await page({ limit: 5 });
    const { nextCursor: byName } = await page({ limit: 5, sort: 'name' });
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const foreign = [
      'not-a-cursor',
      encode({ after: 5 }),
      encode(['a', '-published', '2026-01-01T00:00:00.000Z', id]),
      encode(['a', '-published', '2026-02-30T00:00:00.000000Z', id]),
      // A number past any size, as JSON text (JavaScript has no such number to stringify).
      Buffer.from(`["a","-size",1e400,"${id}"]`).toString('base64url'),
      encode(['a', '-size', 2 ** 60, id]),
      encode(['a', '-size', -1, id]),
      encode(['a', 'name', 'x\u0000', id]),
      encode(['a', 'name', 'x', "'; DROP TABLE files; --"]),
      encode(['x', 'name', 'x', id]),
      `${nextCursor}A`,
      'A'.repeat(3_000),
    ];
    for (const cursor of foreign) await refusedWith(`cursor=${encodeURIComponent(cursor)}`);
    await refusedWith(`cursor=${byName}`, PUBLISHED_FILES_CURSOR_MESSAGE);
    await refusedWith(`sort=name&cursor=${nextCursor}`, PUBLISHED_FILES_CURSOR_MESSAGE);
    // A well-formed cursor of ours for a file that no longer matches still pages from where it points.
    expect(
      (await demo.get(filesUrl({ sort: 'name', cursor: encode(['a', 'name', 'zzz', id]) }), publisher)).statusCode,
    ).toBe(200);
  });

  it('is for publishers: a sign-in without the role is refused', async () => {
    const viewer = await demo.signIn('not-a-publisher@example.com', []);
    expect((await demo.get(PUBLISHING_PATHS.files, viewer)).statusCode).toBe(403);
    expect((await demo.get(PUBLISHING_PATHS.files)).statusCode).toBe(401);
  });
});

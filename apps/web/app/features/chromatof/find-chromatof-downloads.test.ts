import type { AffectedByMark, ChromatofDownload } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-client';
import { findChromatofDownloads } from './find-chromatof-downloads';

const ENTRY = 'https://downloads.example.com/v1/chromatof/downloads';

/** A server of HAL documents by URL; it records the Authorization header of each request. */
function serve(documents: Record<string, unknown>) {
  const headers: string[] = [];
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    headers.push((init.headers as Record<string, string>).authorization!);
    const body = documents[url.href];
    return body === undefined
      ? new Response(JSON.stringify({ message: 'Incorrect key' }), { status: 401 })
      : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/hal+json' } });
  });
  return headers;
}

const MARK: AffectedByMark = {
  advisoryId: 'ACME-SA-2026-0002',
  title: 'Sample tables can run code in ChromaTOF',
  severity: 'HIGH',
  fixedIn: '6.10.0',
  url: '/security/ACME-SA-2026-0002',
};

const download = (label: string, uri: string, affectedBy: AffectedByMark[] = []): ChromatofDownload => ({
  label,
  product: 'ChromaTOF',
  version: label.split(' ')[1]!,
  kind: 'installer',
  uri,
  fileName: 'f.zip',
  contentType: 'application/zip',
  inline: false,
  sizeBytes: 3,
  sha256: 'a'.repeat(64),
  releaseDate: null,
  publishedAt: '2026-01-01T00:00:00.000Z',
  affectedBy,
  _links: { self: { href: '/x' } },
});
const file = {
  fileName: 'f.zip',
  contentType: 'application/zip',
  inline: false,
  sizeBytes: 3,
  sha256: 'a'.repeat(64),
  publishedAt: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => vi.stubGlobal('window', { location: { origin: 'https://portal.example.com' } }));
afterEach(() => vi.unstubAllGlobals());

describe('findChromatofDownloads', () => {
  it('follows the first product, fetches each download, resolves links where they came from, sorts by name descending', async () => {
    const headers = serve({
      [ENTRY]: { _links: { ChromaTOF: { href: '/v1/chromatof/downloads/ChromaTOF' }, Other: { href: '/other' } } },
      'https://downloads.example.com/v1/chromatof/downloads/ChromaTOF': {
        _links: { a: { href: 'ChromaTOF/6.9.0/Installer' }, b: { href: 'ChromaTOF/6.10.0/Installer' } },
      },
      'https://downloads.example.com/v1/chromatof/downloads/ChromaTOF/6.9.0/Installer': download(
        'ChromaTOF 6.9.0 Installer',
        '/v1/files/1/a.zip?signature=x',
        [MARK],
      ),
      'https://downloads.example.com/v1/chromatof/downloads/ChromaTOF/6.10.0/Installer': download(
        'ChromaTOF 6.10.0 Installer',
        '/v1/files/2/b.zip?signature=y',
      ),
    });
    expect(await findChromatofDownloads(ENTRY, '  KEY-1 ', new AbortController().signal)).toEqual([
      {
        name: 'ChromaTOF 6.10.0 Installer',
        url: 'https://downloads.example.com/v1/files/2/b.zip?signature=y',
        file,
        kind: 'installer',
        releaseDate: null,
        // The newest release's installer: 6.10.0 is newer than 6.9.0, however the names sort.
        latest: true,
        // No advisory names it: the answer's affectedBy is empty.
        affectedBy: [],
      },
      {
        name: 'ChromaTOF 6.9.0 Installer',
        url: 'https://downloads.example.com/v1/files/1/a.zip?signature=x',
        file,
        kind: 'installer',
        releaseDate: null,
        latest: false,
        // The answer's marks, as the API sent them.
        affectedBy: [MARK],
      },
    ]);
    expect(new Set(headers)).toEqual(new Set(['Rainbow KEY-1']));
  });

  it('is null when there is nothing to list, at either level', async () => {
    serve({ [ENTRY]: { _links: {} } });
    expect(await findChromatofDownloads(ENTRY, 'KEY', new AbortController().signal)).toBeNull();
    serve({ [ENTRY]: { _links: { P: { href: '/p' } } }, 'https://downloads.example.com/p': { _links: {} } });
    expect(await findChromatofDownloads(ENTRY, 'KEY', new AbortController().signal)).toBeNull();
  });

  it('fails with the HTTP status of a refused key', async () => {
    serve({});
    await expect(findChromatofDownloads(ENTRY, 'NOPE', new AbortController().signal)).rejects.toEqual(
      new ApiError(401, 'Incorrect key', { message: 'Incorrect key' }),
    );
  });
});

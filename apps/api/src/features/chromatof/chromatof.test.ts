import { describe, expect, it } from 'vitest';
import type { CatalogueSnapshot, ChromatofReleaseRecord } from '../../plugins/catalogue/catalogue-snapshot';
import { latestVersions } from './chromatof';

const file = {
  id: 'f',
  blobKey: 'b',
  name: 'n',
  contentType: 'application/zip',
  sizeBytes: 1,
  sha256: 'a'.repeat(64),
  publishedAt: '2026-01-01T00:00:00.000Z',
};
const release = (product: string, version: string, kinds: ('installer' | 'manual' | 'releaseNotes')[] = []) =>
  ({
    product,
    version,
    releaseDate: null,
    files: kinds.map((kind) => ({ label: kind, kind, file })),
  }) satisfies ChromatofReleaseRecord;

describe('latestVersions', () => {
  it('takes the latest release of each product by version order, products by name', () => {
    const snapshot = {
      chromatofReleases: [
        release('ChromaTOF', '6.9.0', ['installer', 'manual']),
        release('ChromaTOF Tile', '2.0.0'),
        release('ChromaTOF', '6.10.0', ['releaseNotes']),
        release('ChromaTOF Sync', '1.0.0', ['installer']),
        release('ChromaTOF', '6.9.1'),
      ],
    } as unknown as CatalogueSnapshot;
    expect(latestVersions(snapshot).rows).toEqual([
      ['ChromaTOF', null, '6.10.0', false, false, true],
      ['ChromaTOF Sync', null, '1.0.0', true, false, false],
      ['ChromaTOF Tile', null, '2.0.0', false, false, false],
    ]);
  });
});

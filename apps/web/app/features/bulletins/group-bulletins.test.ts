import type { Pib } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { groupBulletins } from './group-bulletins';

const pib = (product: string, version: string, variant: string): Pib => ({
  product,
  version,
  variant,
  internalVariant: variant.toLowerCase(),
  uri: `/v1/files/${version}`,
  file: {
    fileName: 'f.pdf',
    contentType: 'application/pdf',
    inline: true,
    sizeBytes: 1,
    sha256: 'a'.repeat(64),
    publishedAt: '2026-01-01T00:00:00.000Z',
  },
  document: { number: null, title: null, revision: null, effectiveDate: null },
  releaseDate: null,
  releaseNotes: null,
  affectedBy: [],
});

describe('groupBulletins', () => {
  it('keeps the chosen product, groups by variant name and sorts each group newest first', () => {
    const groups = groupBulletins(
      [
        pib('Cornerstone', '2.8.1', 'Standard'),
        pib('ChromaTOF', '6.1.0', 'Standard'),
        pib('Cornerstone', '2.10.0', 'Standard'),
        pib('Cornerstone', '2.10.0', '21 CFR Part 11'),
        pib('Cornerstone', '2.9.0', 'Standard'),
      ],
      'Cornerstone',
    );
    expect(groups.map((group) => [group.variant, group.pibs.map((p) => p.version)])).toEqual([
      ['21 CFR Part 11', ['2.10.0']],
      ['Standard', ['2.10.0', '2.9.0', '2.8.1']],
    ]);
  });

  it('gives nothing for a product without PIBs', () => {
    expect(groupBulletins([pib('ChromaTOF', '6.1.0', 'Standard')], 'Cornerstone')).toEqual([]);
  });
});

import type { Pib, VersionSummary } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { onlyWithDownloads, releaseMatrix } from './release-matrix';

const version = (name: string, families: string[], installer = true): VersionSummary => ({
  name,
  offlineInstaller: installer ? `/v1/files/x/${name}.zip` : null,
  offlineInstallerBuiltAt: null,
  families: Object.fromEntries(['CS', 'Dev', 'Demo', 'ONH'].map((family) => [family, families.includes(family)])),
  offlineInstallerFile: null,
  releaseDate: null,
  releaseNotes: null,
  sbom: null,
});
const pib = (product: string, name: string, variant: string): Pib => ({
  product,
  version: name,
  internalVariant: variant.toLowerCase(),
  variant,
  uri: `/v1/files/p/${name}-${variant}.pdf`,
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

const VERSIONS = Object.fromEntries(
  [
    version('2.8.1', ['CS', 'ONH']),
    version('2.9.0', ['ONH'], false),
    version('2.10.0', ['CS', 'Demo']),
    version('2.11.0-beta', ['Dev']),
    version('2.5.0', ['CS'], false),
  ].map((summary) => [summary.name, summary]),
);
const PIBS = [
  pib('Cornerstone', '2.10.0', 'Standard'),
  pib('Cornerstone', '2.10.0', '21 CFR Part 11'),
  pib('Cornerstone', '2.9.0', 'Standard'),
  pib('Cornerstone', '2.11.0-beta', 'Standard'),
  pib('Cornerstone', '2.4.0', 'Standard'),
  pib('ChromaTOF', '6.1.0', 'Standard'),
];
const DATES = { '2.8.1': '2024-06-12', '2.9.0': '2024-10-01', '2.10.0': '2025-05-20' };

describe('releaseMatrix', () => {
  it('has the families sorted as columns, Dev never among them', () => {
    expect(releaseMatrix(VERSIONS, PIBS, DATES, { onlyWithDownloads: true }).families).toEqual(['CS', 'Demo', 'ONH']);
  });

  it('shows versions with an installer, newest first, with their families, PIBs by variant and date', () => {
    const { rows } = releaseMatrix(VERSIONS, PIBS, DATES, { onlyWithDownloads: true });
    expect(rows.map((row) => row.version)).toEqual(['2.10.0', '2.8.1']);
    expect([...rows[0]!.availableTo]).toEqual(['CS', 'Demo']);
    expect(rows[0]!.pibs.map((item) => item.variant)).toEqual(['21 CFR Part 11', 'Standard']);
    expect(rows[0]!.releaseDate).toBe('2025-05-20');
    expect(rows[1]!.pibs).toEqual([]);
  });

  it('with the switch off adds versions that have PIBs but no installer, listed or not; never a Dev-only one', () => {
    const { rows } = releaseMatrix(VERSIONS, PIBS, DATES, { onlyWithDownloads: false });
    expect(rows.map((row) => row.version)).toEqual(['2.10.0', '2.9.0', '2.8.1', '2.4.0']);
    expect(rows.find((row) => row.version === '2.4.0')).toMatchObject({ releaseDate: null });
    expect([...rows.find((row) => row.version === '2.4.0')!.availableTo]).toEqual([]);
  });
});

describe('onlyWithDownloads', () => {
  it('is on unless the URL says false', () => {
    expect(onlyWithDownloads('')).toBe(true);
    expect(onlyWithDownloads('?onlyWithDownloads=true')).toBe(true);
    expect(onlyWithDownloads('?onlyWithDownloads=false')).toBe(false);
  });
});

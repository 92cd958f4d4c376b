import type { CatalogueManifest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { ManifestProblems } from './section-kit';
import { checkSections, sectionFiles } from './sections';

/**
 * A manifest with one problem (or two) in every section, each section's own. (Cast: the
 * schema's unions of literals built by map, firmware instruments and file kinds, are not
 * typed statically.)
 */
const file = (path: string) => ({ path });
const manifest = {
  families: ['CS'],
  versions: [
    { name: '2.10.0', families: ['CS', 'Nope'], offlineInstaller: file('installers/2.10.0.zip') },
    { name: '2.10.0', families: [], offlineInstallerBuiltAt: '2025-05-20T09:30:00Z' },
  ],
  registrations: [
    { registrationId: 'SECRET-1001', family: 'CS', flags: ['Demo'] },
    { registrationId: 'secret-1001 ', family: 'CS' },
  ],
  keyIds: [
    { keyId: 'SECRET-KEY-1', product: 'ChromaTOF' },
    { keyId: 'secret-key-1', product: 'ChromaTOF' },
  ],
  pibs: [
    {
      product: 'Cornerstone',
      version: '2.10.0',
      internalVariant: 'std',
      variant: 'Standard',
      file: file('pibs/a.pdf'),
    },
    { product: 'Cornerstone', version: '2.10.0', internalVariant: 'std', variant: 'Again', file: file('pibs/b.pdf') },
  ],
  dsvs: [
    { key: 'CS-DSV-2100', version: '2.10.0', file: file('dsvs/a.pdf') },
    { key: 'CS-DSV-2100', version: '2.10.0', file: file('dsvs/b.pdf') },
  ],
  releaseNotes: [
    { product: 'Cornerstone', version: '2.10.0', file: file('notes/a.txt') },
    { product: 'Cornerstone', version: '2.10.0', file: file('notes/b.txt') },
  ],
  options: [
    { code: 'LIMS', description: 'LIMS export' },
    { code: 'LIMS', description: 'again' },
  ],
  configurations: [{ product: 'CS844', friendlyFamily: 'CS', currentVersion: '2.10.0', trueRanges: 'broken' }],
  chromatof: {
    releases: [
      {
        product: 'ChromaTOF',
        version: '6.1.0',
        files: [
          { label: 'Installer', kind: 'installer', file: file('chromatof/setup.zip') },
          { label: 'Installer', kind: 'manual', file: file('chromatof/manual.pdf') },
        ],
      },
    ],
  },
  firmware: [
    { instrument: 'MX', version: '1.2.0', releaseDate: '2025-01-01', update: file('firmware/mx.zip') },
    {
      instrument: 'PX',
      version: '1.2.0',
      releaseDate: '2025-01-01',
      releaseNotes: 'x',
      update: file('firmware/px.zip'),
    },
  ],
  passwordReset: [
    { registrationId: 'SECRET-2002', requiresAuthorizedAdmins: true },
    { registrationId: 'SECRET-1001', requiresAuthorizedAdmins: true, managers: ['not an address'] },
  ],
} as unknown as CatalogueManifest;

describe('the composed manifest check', () => {
  it("reports every section's problems, in manifest order and in the import's wording, never a credential", () => {
    const problems = new ManifestProblems(manifest);
    checkSections(manifest, problems);
    expect(problems.list).toEqual([
      'versions: "2.10.0" appears twice',
      'version 2.10.0: family "Nope" is not in "families"',
      'version 2.10.0: offlineInstallerBuiltAt without an offlineInstaller',
      'registrations: an ID appears twice',
      'registrations[0]: family "Demo" is not in "families"',
      'keyIds: an ID appears twice',
      'pibs: "Cornerstone 2.10.0 std" appears twice',
      'dsvs: "CS-DSV-2100" appears twice',
      'releaseNotes: "Cornerstone 2.10.0" appears twice',
      'options: "LIMS" appears twice',
      'configurations[0] (CS844): "broken" is not in the form of its list',
      'chromatof release ChromaTOF 6.1.0: files: "Installer" appears twice',
      'firmware MX 1.2.0: give either releaseNotes or releaseNotesFile',
      'firmware: "1.2.0" appears twice',
      'passwordReset[0]: the registration ID is not in "registrations"',
      'passwordReset[1].managers: "not an address" is not a valid e-mail address',
    ]);
    expect(JSON.stringify(problems.list)).not.toMatch(/SECRET/i);
  });

  it('names every file of every section, in manifest order', () => {
    expect(sectionFiles(manifest).map((entry) => entry.path)).toEqual([
      'installers/2.10.0.zip',
      'pibs/a.pdf',
      'pibs/b.pdf',
      'dsvs/a.pdf',
      'dsvs/b.pdf',
      'notes/a.txt',
      'notes/b.txt',
      'chromatof/setup.zip',
      'chromatof/manual.pdf',
      'firmware/mx.zip',
      'firmware/px.zip',
    ]);
  });
});

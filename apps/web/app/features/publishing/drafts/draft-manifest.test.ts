import type { CatalogueManifest } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftSections,
  draftWideProblems,
  EMPTY_DRAFT,
  entryProblems,
  fieldWithin,
  withEntry,
  withoutEntry,
} from './draft-manifest';

const SHA = 'a'.repeat(64);

describe('a draft’s catalogue.json as the draft screen changes it', () => {
  it('appends an entry where the problems will name it, and adds the families a new version brings', () => {
    const { manifest, path } = withEntry(EMPTY_DRAFT, 'versions', {
      name: '2.11.0',
      families: ['CS', 'Demo'],
      offlineInstaller: { path: SHA, name: 'Cornerstone-2.11.0-Offline.zip' },
    });
    expect(path).toBe('versions[0]');
    expect(manifest.families).toEqual(['Demo', 'CS']);
    const second = withEntry(manifest, 'pibs', {
      product: 'Cornerstone',
      version: '2.11.0',
      internalVariant: 'std',
      variant: 'Standard',
      file: { path: SHA },
    });
    expect(second.path).toBe('pibs[0]');
    expect(withEntry(second.manifest, 'pibs', second.manifest.pibs[0]!).path).toBe('pibs[1]');
    // The draft given is left as it was.
    expect(EMPTY_DRAFT.versions).toEqual([]);
  });

  it('removes one entry by its path, nested lists too', () => {
    const manifest: CatalogueManifest = {
      ...EMPTY_DRAFT,
      dsvs: [
        { key: 'A', version: '1.0.0', file: { path: SHA } },
        { key: 'B', version: '1.0.0', file: { path: SHA } },
      ],
      // As a catalogue.json gives it (the contracts' type of `kind` does not narrow to its literals).
      chromatof: JSON.parse(
        JSON.stringify({
          releases: [
            { product: 'ChromaTOF', version: '6.2.0', files: [{ label: 'I', kind: 'installer', file: { path: SHA } }] },
          ],
        }),
      ) as CatalogueManifest['chromatof'],
    };
    expect(withoutEntry(manifest, 'dsvs[0]').dsvs.map((dsv) => dsv.key)).toEqual(['B']);
    expect(withoutEntry(manifest, 'chromatof.releases[0]').chromatof?.releases).toEqual([]);
  });

  it('lists entries by section with their fields, titled by their key, and never shows a registration ID', () => {
    const manifest: CatalogueManifest = {
      ...EMPTY_DRAFT,
      registrations: [{ registrationId: 'SECRET-1', family: 'CS' }],
      pibs: [
        {
          product: 'Cornerstone',
          version: '2.11.0',
          internalVariant: 'std',
          variant: 'Standard',
          effectiveDate: '2026-02-30',
          file: { path: SHA, name: 'PIB.pdf' },
        },
      ],
    };
    const sections = draftSections(manifest);
    expect(sections.map((section) => section.section)).toEqual(['pibs', 'registrations']);
    const [pib] = sections[0]!.entries;
    expect(pib).toMatchObject({ path: 'pibs[0]', title: 'Cornerstone 2.11.0 std' });
    expect(pib!.fields).toContainEqual({ field: 'file.path', value: SHA });
    expect(JSON.stringify(sections[1])).not.toContain('SECRET-1');
  });

  it('places each problem beside the field it names, else on its entry, else on the whole draft', () => {
    const manifest: CatalogueManifest = {
      ...EMPTY_DRAFT,
      pibs: [
        {
          product: 'Cornerstone',
          version: '2.11.0',
          internalVariant: 'std',
          variant: 'Standard',
          effectiveDate: '2026-02-30',
          file: { path: SHA },
        },
      ],
    };
    const problems = [
      { path: 'pibs[0].effectiveDate', message: 'is not a calendar day (YYYY-MM-DD)' },
      { path: 'pibs[0]', message: 'appears twice' },
      { path: 'pibs[0].documentNumber', message: 'is needed with a revision' },
      { path: 'pibs[10].file', message: 'elsewhere' },
      { path: '', message: 'the whole draft' },
    ];
    const sections = draftSections(manifest);
    const placed = entryProblems(problems, sections[0]!.entries[0]!);
    expect(placed.byField.get('effectiveDate')).toEqual(['is not a calendar day (YYYY-MM-DD)']);
    expect(placed.whole).toEqual(['appears twice', 'is needed with a revision']);
    expect(draftWideProblems(problems, sections).map((problem) => problem.message)).toEqual([
      'elsewhere',
      'the whole draft',
    ]);
    expect(fieldWithin('pibs[1].file.path', 'pibs[1]')).toBe('file.path');
    expect(fieldWithin('pibs[10]', 'pibs[1]')).toBeUndefined();
  });
});

import type { PublishedRelease, ReleaseReference } from '@portal/contracts';
import { releaseReferenceKey, releaseReferenceLabel } from '@portal/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { groupReleases, releaseLabel } from './release-groups';
import { ReleasePicker, ReleaseSelect } from './release-picker';

const release = (reference: ReleaseReference, withdrawn = false): PublishedRelease => ({
  reference,
  key: releaseReferenceKey(reference),
  label: releaseReferenceLabel(reference),
  releaseDate: null,
  withdrawn,
});

const CATALOGUE = [
  release({ kind: 'firmware', instrument: 'CX', version: '001.000.003' }),
  release({ kind: 'cornerstone', version: '2.9.0' }),
  release({ kind: 'chromatof', product: 'ChromaTOF', version: '6.1.0' }),
  release({ kind: 'cornerstone', version: '2.10.0' }),
  release({ kind: 'firmware', instrument: 'PX', version: '002.002.010' }),
  release({ kind: 'cornerstone', version: '2.8.1' }, true),
  release({ kind: 'chromatof', product: 'ChromaTOF Sync', version: '1.2.0' }),
];

describe('the release groups', () => {
  it('groups by product: Cornerstone, each ChromaTOF product, each firmware series; newest first', () => {
    expect(
      groupReleases(CATALOGUE).map((group) => [group.title, group.releases.map((r) => r.reference.version)]),
    ).toEqual([
      ['Cornerstone', ['2.10.0', '2.9.0', '2.8.1']],
      ['ChromaTOF', ['6.1.0']],
      ['ChromaTOF Sync', ['1.2.0']],
      // The series in the catalogue's order (MX, PX, CX); a series without a release is no group.
      ['PX firmware', ['002.002.010']],
      ['CX firmware', ['001.000.003']],
    ]);
    expect(groupReleases([])).toEqual([]);
  });

  it('labels a key by the catalogue, or by itself when the catalogue does not hold it', () => {
    expect(releaseLabel(CATALOGUE, 'cornerstone:2.9.0')).toBe('Cornerstone 2.9.0');
    expect(releaseLabel(CATALOGUE, 'cornerstone:9.9.9')).toBe('cornerstone:9.9.9');
  });
});

describe('the release picker', () => {
  const render = (chosen: string[], problems?: string[]) =>
    renderToStaticMarkup(
      <ReleasePicker
        legend="Affected releases"
        groups={groupReleases(CATALOGUE)}
        releases={CATALOGUE}
        chosen={chosen}
        onChange={() => undefined}
        problems={problems}
      />,
    );

  it('offers a labelled checkbox per release under its product, the chosen ones checked', () => {
    const html = render(['cornerstone:2.9.0']);
    expect(html).toContain('<legend>Affected releases <span');
    expect(html).toContain('(1 chosen)');
    for (const title of ['Cornerstone', 'ChromaTOF', 'ChromaTOF Sync', 'PX firmware', 'CX firmware']) {
      expect(html).toContain(`<legend>${title}</legend>`);
    }
    const checkbox = (label: string) => {
      const id = new RegExp(`for="([^"]+)">${label.replace(/[()]/g, '\\$&')}</label>`).exec(html)![1]!;
      return new RegExp(`<input id="${id}"[^>]*>`).exec(html)![0];
    };
    expect(checkbox('Cornerstone 2.9.0')).toContain('checked');
    expect(checkbox('Cornerstone 2.10.0')).not.toContain('checked');
    expect(checkbox('Cornerstone 2.8.1 (withdrawn)')).not.toContain('checked');
    expect(checkbox('PX firmware v010 (002.002.010)')).toContain('type="checkbox"');
  });

  it('lists a chosen key the catalogue lacks, checked, so it can be unchecked; and the problems named for it', () => {
    const html = render(
      ['cornerstone:9.9.9'],
      ['affected: "cornerstone:9.9.9" is not a published release of the catalogue.'],
    );
    expect(html).toContain('<legend>Not in the catalogue</legend>');
    expect(html).toMatch(
      /<input id="([^"]+)" type="checkbox" checked=""\/> <label for="\1">cornerstone:9\.9\.9<\/label>/,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('is not a published release of the catalogue.');
  });

  it('offers one release to update to, grouped, or none', () => {
    const html = renderToStaticMarkup(
      <ReleaseSelect
        label="Update to"
        groups={groupReleases(CATALOGUE)}
        value="cornerstone:2.10.0"
        onChange={() => undefined}
      />,
    );
    expect(html).toContain('<option value="">No release</option>');
    expect(html).toContain('<optgroup label="Cornerstone">');
    expect(html).toContain('<option value="cornerstone:2.10.0" selected="">Cornerstone 2.10.0</option>');
  });
});

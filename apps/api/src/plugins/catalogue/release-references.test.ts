import { PUBLISHING_PATHS, type PublishedFilePage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { findPublishedRelease, publishedReleases } from './release-references';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

const demo = useDemoPortal();

describe('the published releases, as release references', () => {
  it('names every release of the demo catalogue once, newest first within a product', async () => {
    const releases = publishedReleases(await demo.portal.app.catalogue.get());
    const keys = releases.map((release) => release.key);
    expect(new Set(keys).size).toBe(keys.length);
    const cornerstone = releases.filter((release) => release.reference.kind === 'cornerstone');
    expect(cornerstone[0]).toMatchObject({
      key: 'cornerstone:2.11.0-beta',
      label: 'Cornerstone 2.11.0-beta',
      withdrawn: false,
    });
    expect(cornerstone.map((release) => release.label)).toContain('Cornerstone 2.8.1');
    expect(releases).toContainEqual(
      expect.objectContaining({ key: 'chromatof:ChromaTOF:6.1.0', label: 'ChromaTOF 6.1.0', withdrawn: false }),
    );
    expect(releases).toContainEqual(
      expect.objectContaining({
        reference: { kind: 'firmware', instrument: 'PX', version: '002.002.010' },
        label: 'PX firmware v010 (002.002.010)',
      }),
    );
    const kinds = releases.map((release) => release.reference.kind);
    expect(kinds).toEqual(
      [...kinds].sort(
        (a, b) =>
          ['cornerstone', 'chromatof', 'firmware'].indexOf(a) - ['cornerstone', 'chromatof', 'firmware'].indexOf(b),
      ),
    );
  });

  it('finds a release by its reference, and none for a version the catalogue does not have', async () => {
    const snapshot = await demo.portal.app.catalogue.get();
    expect(findPublishedRelease(snapshot, { kind: 'cornerstone', version: '2.8.1' })?.label).toBe('Cornerstone 2.8.1');
    expect(findPublishedRelease(snapshot, { kind: 'cornerstone', version: '9.9.9' })).toBeUndefined();
    expect(
      findPublishedRelease(snapshot, { kind: 'firmware', instrument: 'MX', version: '002.002.010' }),
    ).toBeUndefined();
  });

  it('marks a release withdrawn when its installer is, and keeps naming it', async () => {
    const publisher = await demo.signIn('publisher-references@example.com', ['publisher']);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const installer = files.find((file) => file.name.includes('2.8.1') && file.name.toLowerCase().includes('offline'));
    expect(installer, files.map((file) => file.name).join(', ')).toBeDefined();
    const withdrawn = await demo.portal.app.inject({
      method: 'POST',
      url: PUBLISHING_PATHS.withdrawal.replace(':fileId', installer!.id),
      headers: { authorization: publisher },
      payload: { reason: 'A test of withdrawn releases' },
    });
    expect(withdrawn.statusCode).toBe(200);
    const snapshot = await demo.portal.app.catalogue.get();
    expect(findPublishedRelease(snapshot, { kind: 'cornerstone', version: '2.8.1' })).toMatchObject({
      withdrawn: true,
    });
    expect(findPublishedRelease(snapshot, { kind: 'cornerstone', version: '2.10.0' })).toMatchObject({
      withdrawn: false,
    });
  });
});

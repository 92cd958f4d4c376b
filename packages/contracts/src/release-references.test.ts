import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newAdvisoryForReleases,
  parseReleaseReferenceKey,
  releaseReferenceKey,
  releaseProductName,
  releaseReferenceLabel,
  sameRelease,
  type ReleaseReference,
} from './release-references';

const cornerstone: ReleaseReference = { kind: 'cornerstone', version: '2.8.1' };
const chromatof: ReleaseReference = { kind: 'chromatof', product: 'ChromaTOF', version: '6.1.0' };
const firmware: ReleaseReference = { kind: 'firmware', instrument: 'PX', version: '002.002.010' };

describe('release references', () => {
  it('have one key each, read back to the same reference', () => {
    expect(releaseReferenceKey(cornerstone)).toBe('cornerstone:2.8.1');
    expect(releaseReferenceKey(chromatof)).toBe('chromatof:ChromaTOF:6.1.0');
    expect(releaseReferenceKey(firmware)).toBe('firmware:PX:002.002.010');
    for (const reference of [cornerstone, chromatof, firmware])
      expect(parseReleaseReferenceKey(releaseReferenceKey(reference))).toEqual(reference);
  });

  it('keep a product or version with the separator in it apart', () => {
    const odd: ReleaseReference = { kind: 'chromatof', product: 'Chroma:TOF HRT', version: '1:2' };
    expect(parseReleaseReferenceKey(releaseReferenceKey(odd))).toEqual(odd);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ minLength: 1, maxLength: 64 }), (p, v) => {
        fc.pre(!/\p{Cc}/u.test(p + v));
        const reference: ReleaseReference = { kind: 'chromatof', product: p, version: v };
        expect(parseReleaseReferenceKey(releaseReferenceKey(reference))).toEqual(reference);
      }),
    );
  });

  it('refuse what is not a key, without throwing', () => {
    for (const key of [
      '',
      'cornerstone',
      'cornerstone:',
      'cornerstone:1:2',
      'chromatof:ChromaTOF',
      'firmware:ZX:002.002.010',
      'firmware:PX:../x',
      'windows:10',
      'cornerstone:%E0%A4%A',
      `cornerstone:${'9'.repeat(400)}`,
      'cornerstone:a%0Ab',
    ])
      expect(parseReleaseReferenceKey(key)).toBeUndefined();
  });

  it('read as a person names the release, firmware with SPEC §5 name and its full version', () => {
    expect(releaseReferenceLabel(cornerstone)).toBe('Cornerstone 2.8.1');
    expect(releaseReferenceLabel(chromatof)).toBe('ChromaTOF 6.1.0');
    expect(releaseReferenceLabel(firmware)).toBe('PX firmware v010 (002.002.010)');
    expect(releaseReferenceLabel({ kind: 'firmware', instrument: 'MX', version: '1.2.3' })).toBe('MX firmware 1.2.3');
  });

  it('are the same release only when every part is', () => {
    expect(sameRelease(cornerstone, { kind: 'cornerstone', version: '2.8.1' })).toBe(true);
    expect(sameRelease(cornerstone, { kind: 'cornerstone', version: '2.8.10' })).toBe(false);
    expect(sameRelease(firmware, { ...firmware, instrument: 'MX' })).toBe(false);
  });
});

describe('newAdvisoryForReleases', () => {
  it('opens a new advisory draft with the releases as affected, by their keys', () => {
    expect(newAdvisoryForReleases([])).toBe('/service/security/new');
    const address = new URL(newAdvisoryForReleases([cornerstone, firmware]), 'http://portal.test');
    expect(address.pathname).toBe('/service/security/new');
    expect(address.searchParams.getAll('affected').map(parseReleaseReferenceKey)).toEqual([cornerstone, firmware]);
  });
});

describe('releaseProductName', () => {
  it('names the product of a release as advisories and pickers group them', () => {
    expect(releaseProductName(cornerstone)).toBe('Cornerstone');
    expect(releaseProductName(chromatof)).toBe('ChromaTOF');
    expect(releaseProductName(firmware)).toBe('PX firmware');
  });
});

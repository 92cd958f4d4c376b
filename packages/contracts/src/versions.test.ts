import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, sortVersionsNewestFirst } from './versions';

const versionString = fc.oneof(
  fc.array(fc.nat({ max: 30 }), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.')),
  fc
    .tuple(
      fc.array(fc.nat({ max: 12 }), { minLength: 1, maxLength: 3 }),
      fc.constantFrom('', ' SP', '-beta', 'rc', ' '),
      fc.nat(3),
    )
    .map(([parts, text, n]) => `${parts.join('.')}${text}${text ? n : ''}`),
  fc.string({ maxLength: 8 }),
);

describe('compareVersions', () => {
  it('orders dotted numbers by value, not as text', () => {
    expect(compareVersions('2.10.0', '2.9.1')).toBe(1);
    expect(compareVersions('2.9.1', '2.10.0')).toBe(-1);
    expect(compareVersions('10.0', '9.99.99')).toBe(1);
    expect(compareVersions('2.8', '2.8.1')).toBe(-1);
    expect(compareVersions('2.8.1 SP2', '2.8.1 SP1')).toBe(1);
    expect(compareVersions('2.8.1', '2.8.1')).toBe(0);
    expect(compareVersions('123456789012345678901234567890.1', '123456789012345678901234567889.9')).toBe(1);
  });

  it('sorts newest first', () => {
    expect(sortVersionsNewestFirst(['2.6.0', '2.10.1', '2.8.1', '2.8.10', '2.8.2'], (v) => v)).toEqual([
      '2.10.1',
      '2.8.10',
      '2.8.2',
      '2.8.1',
      '2.6.0',
    ]);
  });

  it('is antisymmetric and zero only for equal strings', () => {
    fc.assert(
      fc.property(versionString, versionString, (a, b) => {
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)) || 0);
        expect(compareVersions(a, b) === 0).toBe(a === b);
      }),
    );
  });

  it('is transitive, so sorting gives one order whatever the input order', () => {
    fc.assert(
      fc.property(versionString, versionString, versionString, (a, b, c) => {
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0)
          expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
      }),
    );
    fc.assert(
      fc.property(fc.array(versionString, { maxLength: 12 }), (list) => {
        const once = sortVersionsNewestFirst(list, (v) => v);
        expect(sortVersionsNewestFirst([...list].reverse(), (v) => v)).toEqual(once);
      }),
    );
  });

  it('agrees with numeric order on each part of purely dotted versions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1000 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.nat({ max: 1000 }), { minLength: 3, maxLength: 3 }),
        (x, y) => {
          const expected = Math.sign(x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!);
          expect(Math.sign(compareVersions(x.join('.'), y.join('.')))).toBe(expected);
        },
      ),
    );
  });
});

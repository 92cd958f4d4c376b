import { describe, expect, it } from 'vitest';
import { nonFiniteNumberAt } from './finite-numbers';

describe('nonFiniteNumberAt', () => {
  it('names the first number that is not finite by its JSON pointer, escaping ~ and /', () => {
    expect(nonFiniteNumberAt({ a: 1, 'b/c': { 'd~e': [0, Infinity] } })).toBe('/b~1c/d~0e/1');
    expect(nonFiniteNumberAt({ limit: Number.NaN })).toBe('/limit');
    expect(nonFiniteNumberAt(-Infinity)).toBe('');
  });

  it('finds nothing in finite numbers, strings and empty values', () => {
    expect(nonFiniteNumberAt({ authorization: 'Hasp id=X', n: 1e308, list: [1, 'Infinity'], none: null })).toBe(
      undefined,
    );
    expect(nonFiniteNumberAt(undefined)).toBe(undefined);
  });
});

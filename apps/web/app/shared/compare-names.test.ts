import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom, type SeededRandom } from '../../../../test-kit/seeded-random';

const reference = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

/** A fresh copy of the module, its collator not yet made. */
const fresh = async () => {
  vi.resetModules();
  return (await import('./compare-names')).compareNames;
};

/** A random name from `alphabet`, up to `length` characters; runs of digits often start with zeros. */
function randomName(alphabet: string, length: number, random: SeededRandom): string {
  let name = '';
  const size = random.int(length + 1);
  for (let index = 0; index < size; index++) name += random.pick([...alphabet]);
  return name;
}

describe('compareNames', () => {
  afterEach(() => vi.restoreAllMocks());

  it('orders names as the collator does: numbers by value, case aside, spaces before digits before letters', async () => {
    const compareNames = await fresh();
    const names = ['Standard', '21 CFR Part 11', 'Part 2', 'part 10', 'Part10', 'Pharma', '007', '7a', 'a', 'A ', ''];
    expect([...names].sort(compareNames)).toEqual([...names].sort(reference.compare));
    const random = seededRandom(50);
    for (let pair = 0; pair < 20_000; pair++) {
      const a = randomName('aAbZz 0019', 8, random);
      const b = randomName('aAbZz 0019', 8, random);
      expect(Math.sign(compareNames(a, b)), `${JSON.stringify(a)} against ${JSON.stringify(b)}`).toBe(
        Math.sign(reference.compare(a, b)),
      );
    }
  });

  it('asks the collator for any other name, and makes no collator for names of letters, digits and spaces', async () => {
    const { Collator } = Intl;
    const made = vi.spyOn(Intl, 'Collator').mockImplementation(function (
      ...args: ConstructorParameters<typeof Collator>
    ) {
      return new Collator(...args);
    } as typeof Collator);
    const compareNames = await fresh();
    expect(['Standard', '21 CFR Part 11', 'Part 2'].sort(compareNames)).toEqual([
      '21 CFR Part 11',
      'Part 2',
      'Standard',
    ]);
    expect(made).not.toHaveBeenCalled();

    const others = ['Édition', 'Edition 2', 'edition-1', 'Zeta', `x${'9'.repeat(400)}`, `x${'9'.repeat(31)}`, 'x10'];
    expect([...others].sort(compareNames)).toEqual([...others].sort(reference.compare));
    expect(made).toHaveBeenCalledTimes(1);
  });
});

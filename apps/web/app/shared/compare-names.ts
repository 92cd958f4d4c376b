/**
 * Names in the order a person reads a list of them: numbers by their value ('Part 2' before
 * 'Part 11'), letters whatever their case, as `Intl.Collator('en-US', { numeric: true,
 * sensitivity: 'base' })` orders them. Names of letters, digits and spaces only (every
 * variant the maker names) are compared here, because making a collator loads the browser's
 * collation data: about 30 ms of a lookup's results task on Lighthouse's slowed phone
 * (decision 165). Any other name asks the collator, made on first use.
 */
export function compareNames(a: string, b: string): number {
  return isPlain(a) && isPlain(b) ? comparePlain(a, b) : collator().compare(a, b);
}

// A digit run longer than this is left to the collator, which splits very long numbers.
const PLAIN = /^(?:[A-Za-z ]|\d{1,30}(?!\d))*$/;
const isPlain = (name: string) => PLAIN.test(name);

let byName: Intl.Collator | undefined;
const collator = () => (byName ??= new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' }));

const isDigit = (code: number) => code >= 48 && code <= 57;
/** The collator's primary order: space, then digits, then letters (case aside). */
const weight = (code: number) => (code === 32 ? 0 : isDigit(code) ? 1 : 2 + ((code | 32) - 97));

function comparePlain(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (isDigit(a.charCodeAt(i)) && isDigit(b.charCodeAt(j))) {
      const [numberA, endA] = numberAt(a, i);
      const [numberB, endB] = numberAt(b, j);
      // Equal-length digit strings without leading zeros compare as their values do.
      if (numberA.length !== numberB.length) return numberA.length < numberB.length ? -1 : 1;
      if (numberA !== numberB) return numberA < numberB ? -1 : 1;
      i = endA;
      j = endB;
      continue;
    }
    const difference = weight(a.charCodeAt(i)) - weight(b.charCodeAt(j));
    if (difference !== 0) return difference < 0 ? -1 : 1;
    i++;
    j++;
  }
  return Number(i < a.length) - Number(j < b.length);
}

/** The number that starts at `start`, without its leading zeros (the collator ignores them), and where it ends. */
function numberAt(name: string, start: number): [string, number] {
  let end = start;
  while (end < name.length && isDigit(name.charCodeAt(end))) end++;
  return [name.slice(start, end).replace(/^0+/, ''), end];
}

/**
 * Version strings compare by splitting into text and dotted numeric parts (SPEC §3):
 * '2.10.0' is newer than '2.9.1', '2.8.1 SP2' newer than '2.8.1 SP1'. Splitting on digit
 * runs always yields text at even positions and numbers at odd ones, so two versions
 * compare part by part without ever weighing a number against a text.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.split(/(\d+)/);
  const right = b.split(/(\d+)/);
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const order =
      index % 2 === 1 ? compareDigits(left[index]!, right[index]!) : compareText(left[index]!, right[index]!);
    if (order !== 0) return order;
  }
  if (left.length !== right.length) return left.length < right.length ? -1 : 1;
  // '2.08' and '2.8' weigh the same; the raw text settles it, so only equal strings compare equal.
  return compareText(a, b);
}

/** Newest first, the order every version list of the portal uses (SPEC §9). */
export function sortVersionsNewestFirst<T>(items: readonly T[], versionOf: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareVersions(versionOf(y), versionOf(x)));
}

/** Arbitrarily long digit runs compare by value without overflowing a number. */
function compareDigits(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  return compareText(x, y);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

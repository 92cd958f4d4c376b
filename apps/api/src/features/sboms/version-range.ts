import { compareVersions } from '@portal/contracts';

/**
 * The version a component search narrows by (docs/sbom.md#the-component-search): an exact
 * version, or a VERS range of the package-url project
 * (https://github.com/package-url/purl-spec, VERS: `vers:<scheme>/<constraint>|<constraint>…`,
 * e.g. `vers:generic/>=1.1.1|<3.0.0`). No maintained npm package reads VERS, so this module
 * does, after the spec's own rules; versions of every scheme compare as the portal compares
 * versions (compareVersions: dotted numbers by value, text by code point).
 */

export type Comparator = '=' | '!=' | '<' | '<=' | '>' | '>=';

export interface Constraint {
  comparator: Comparator;
  version: string;
}

export type VersionFilter =
  { kind: 'exact'; version: string } | { kind: 'range'; scheme: string; constraints: Constraint[] } | { kind: 'any' };

export class MalformedRange extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MalformedRange';
  }
}

const VERS_PREFIX = 'vers:';
const COMPARATORS: Comparator[] = ['>=', '<=', '!=', '<', '>', '='];

/** Reads `version` as an exact version or a VERS range; throws MalformedRange naming what is wrong. */
export function parseVersionFilter(text: string): VersionFilter {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'any' };
  if (!trimmed.toLowerCase().startsWith(VERS_PREFIX)) {
    if (/\s|\p{Cc}/u.test(trimmed)) throw new MalformedRange('a version has no spaces or control characters');
    return { kind: 'exact', version: trimmed };
  }
  // Spaces are not significant in a VERS (the spec removes them).
  const body = trimmed.slice(VERS_PREFIX.length).replace(/\s+/g, '');
  const slash = body.indexOf('/');
  if (slash <= 0) throw new MalformedRange('a range names its versioning scheme: vers:<scheme>/<constraints>');
  const scheme = body.slice(0, slash).toLowerCase();
  if (!/^[a-z0-9][a-z0-9.+-]*$/.test(scheme)) throw new MalformedRange(`"${scheme}" is not a versioning scheme`);
  const rest = body.slice(slash + 1);
  if (rest === '') throw new MalformedRange('the range has no constraint');
  if (rest === '*') return { kind: 'range', scheme, constraints: [] };
  const constraints = rest.split('|').map((part): Constraint => {
    if (part === '') throw new MalformedRange('an empty constraint between two "|"');
    const comparator = COMPARATORS.find((candidate) => part.startsWith(candidate)) ?? '=';
    const raw = part.slice(part.startsWith(comparator) ? comparator.length : 0);
    let version: string;
    try {
      version = decodeURIComponent(raw);
    } catch {
      throw new MalformedRange(`"${raw}" is not a percent-encoded version`);
    }
    if (version === '' || /[<>=!*|]/.test(version))
      throw new MalformedRange(`"${part}" has no version after its comparator`);
    return { comparator, version };
  });
  constraints.sort((a, b) => compareVersions(a.version, b.version));
  for (let i = 1; i < constraints.length; i++) {
    if (compareVersions(constraints[i - 1]!.version, constraints[i]!.version) === 0) {
      throw new MalformedRange(`version ${constraints[i]!.version} appears twice`);
    }
  }
  // The spec: ignoring = and !=, a lower bound (> or >=) is followed by an upper bound (< or <=).
  const bounds = constraints.filter(({ comparator }) => comparator !== '=' && comparator !== '!=');
  for (let i = 1; i < bounds.length; i++) {
    const lower = (c: Constraint) => c.comparator === '>' || c.comparator === '>=';
    if (lower(bounds[i - 1]!) === lower(bounds[i]!)) {
      throw new MalformedRange(
        `"${bounds[i - 1]!.comparator}${bounds[i - 1]!.version}" and "${bounds[i]!.comparator}${bounds[i]!.version}" do not make a range`,
      );
    }
  }
  return { kind: 'range', scheme, constraints };
}

/** Whether a version is in the range: the VERS spec's containment algorithm over sorted constraints. */
export function inRange(version: string, constraints: Constraint[]): boolean {
  if (constraints.length === 0) return true;
  for (const { comparator, version: bound } of constraints) {
    if (compareVersions(version, bound) !== 0) continue;
    if (comparator === '=' || comparator === '<=' || comparator === '>=') return true;
    if (comparator === '!=') return false;
  }
  const bounds = constraints.filter(({ comparator }) => comparator !== '=' && comparator !== '!=');
  if (bounds.length === 0) {
    // Only = and != constraints: in when some != left it out of nothing, i.e. every != missed.
    return constraints.every(({ comparator }) => comparator === '!=');
  }
  const above = (bound: Constraint) => {
    const order = compareVersions(version, bound.version);
    return bound.comparator === '>' ? order > 0 : order >= 0;
  };
  const below = (bound: Constraint) => {
    const order = compareVersions(version, bound.version);
    return bound.comparator === '<' ? order < 0 : order <= 0;
  };
  const first = bounds[0]!;
  const last = bounds.at(-1)!;
  if ((first.comparator === '<' || first.comparator === '<=') && below(first)) return true;
  if ((last.comparator === '>' || last.comparator === '>=') && above(last)) return true;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const lower = bounds[i]!;
    const upper = bounds[i + 1]!;
    if ((lower.comparator === '>' || lower.comparator === '>=') && above(lower) && below(upper)) return true;
  }
  return false;
}

/** Whether a component's version passes the filter; a component without a version passes only `any`. */
export function versionMatches(filter: VersionFilter, version: string | null): boolean {
  if (filter.kind === 'any') return true;
  if (version === null) return false;
  if (filter.kind === 'exact') return version === filter.version;
  return inRange(version, filter.constraints);
}

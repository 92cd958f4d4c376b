import { DEMO_FAMILY, type CatalogueManifest, type ManifestProblem } from '@portal/contracts';

/**
 * A draft's catalogue.json as the draft screen reads and changes it (docs/publishing.md#drafts):
 * pure functions, so the screen's forms only build an entry and the server checks it.
 */

/**
 * The least catalogue.json the server takes: every required list, and one family (the schema
 * asks for at least one). Demo is a family of every catalogue (docs/publishing.md), and a
 * family listed in a draft is only a name its entries may use: publishing adds no family.
 */
export const EMPTY_DRAFT: CatalogueManifest = {
  families: [DEMO_FAMILY],
  versions: [],
  registrations: [],
  pibs: [],
  dsvs: [],
};

/** The sections the forms add to: each a list of the catalogue.json. */
export type FormSection = 'versions' | 'pibs' | 'dsvs' | 'releaseNotes' | 'firmware';
type EntryOf<S extends FormSection> = NonNullable<CatalogueManifest[S]>[number];

/** The manifest with `entry` appended to its section, and where it went (`pibs[2]`). */
export function withEntry<S extends FormSection>(
  manifest: CatalogueManifest,
  section: S,
  entry: EntryOf<S>,
): { manifest: CatalogueManifest; path: string } {
  const list = [...((manifest[section] ?? []) as EntryOf<S>[]), entry];
  const next: CatalogueManifest = { ...manifest, [section]: list };
  if (section === 'versions') {
    // A version's families must be named in "families": the form adds the ones it brings.
    const named = (entry as EntryOf<'versions'>).families;
    next.families = [...new Set([...manifest.families, ...named])];
  }
  return { manifest: next, path: `${section}[${list.length - 1}]` };
}

/** The manifest without the entry at `path` (`pibs[2]`, `chromatof.releases[0]`). */
export function withoutEntry(manifest: CatalogueManifest, path: string): CatalogueManifest {
  const parsed = /^(.+)\[(\d+)\]$/.exec(path);
  if (!parsed) return manifest;
  const [, listPath, index] = parsed as unknown as [string, string, string];
  const keys = listPath.split('.');
  const remove = (value: unknown, depth: number): unknown => {
    if (depth === keys.length) {
      return Array.isArray(value) ? value.filter((_, at) => at !== Number(index)) : value;
    }
    if (value === null || typeof value !== 'object') return value;
    const key = keys[depth]!;
    return { ...value, [key]: remove((value as Record<string, unknown>)[key], depth + 1) };
  };
  return remove(manifest, 0) as CatalogueManifest;
}

/** One entry of a draft as the screen lists it: where it is, what it is called, its fields flattened. */
export interface DraftEntry {
  /** As the problems name it: `pibs[0]`. */
  path: string;
  title: string;
  /** `file.path`, `releaseDate`, …: each leaf field with its value as text. */
  fields: { field: string; value: string }[];
}

export interface DraftSection {
  /** The catalogue.json's name of the list: `pibs`, `chromatof.releases`. */
  section: string;
  entries: DraftEntry[];
}

/** The lists of a catalogue.json, in the order the screen shows them (families is no list of entries). */
const LISTS = [
  'versions',
  'pibs',
  'dsvs',
  'releaseNotes',
  'firmware',
  'chromatof.releases',
  'registrations',
  'keyIds',
  'options',
  'configurations',
  'passwordReset',
] as const;

/** Registration IDs and key IDs are credentials: the screen shows that one is there, not which. */
const SECRET_FIELDS = new Set(['registrationId', 'keyId']);

function listAt(manifest: CatalogueManifest, path: string): unknown[] {
  let value: unknown = manifest;
  for (const key of path.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return Array.isArray(value) ? value : [];
}

function leaves(value: unknown, prefix: string, out: { field: string; value: string }[]) {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      out.push({ field: prefix, value: value.map(String).join(', ') });
      return;
    }
    value.forEach((item, index) => leaves(item, `${prefix}[${index}]`, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, out);
    return;
  }
  const name = prefix.split('.').at(-1) ?? prefix;
  out.push({ field: prefix, value: SECRET_FIELDS.has(name) ? '(given)' : String(value) });
}

/** What an entry is called: the key its section matches it on (docs/publishing.md). */
function titleOf(section: string, entry: Record<string, unknown>, index: number): string {
  const text = (...keys: string[]) =>
    keys
      .map((key) => entry[key])
      .filter((value) => typeof value === 'string' && value !== '')
      .join(' ');
  const titles: Record<string, () => string> = {
    versions: () => text('name'),
    pibs: () => text('product', 'version', 'internalVariant'),
    dsvs: () => text('key'),
    releaseNotes: () => text('product', 'version'),
    firmware: () => text('instrument', 'version'),
    'chromatof.releases': () => text('product', 'version'),
    options: () => text('code'),
    configurations: () => text('friendlyFamily', 'currentVersion', 'product'),
  };
  const named = titles[section]?.();
  return named || `Entry ${index + 1}`;
}

/** Every entry of the draft, by section; sections without entries are left out. */
export function draftSections(manifest: CatalogueManifest): DraftSection[] {
  return LISTS.map((section) => ({
    section,
    entries: listAt(manifest, section).map((entry, index) => {
      const fields: DraftEntry['fields'] = [];
      leaves(entry, '', fields);
      const record = entry !== null && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
      return { path: `${section}[${index}]`, title: titleOf(section, record, index), fields };
    }),
  })).filter((section) => section.entries.length > 0);
}

/**
 * The problems of one entry, placed: those naming one of its fields (`pibs[0].effectiveDate`
 * under `effectiveDate`, `pibs[0].file.path` under `file.path`), and those of the entry as a
 * whole (its own path, or a field it does not have).
 */
export function entryProblems(
  problems: readonly ManifestProblem[],
  entry: Pick<DraftEntry, 'path' | 'fields'>,
): { byField: Map<string, string[]>; whole: string[] } {
  const byField = new Map<string, string[]>();
  const whole: string[] = [];
  for (const problem of problems) {
    const field = fieldWithin(problem.path, entry.path);
    if (field === undefined) continue;
    const shown = entry.fields.find(
      (candidate) => candidate.field === field || field.startsWith(`${candidate.field}.`),
    );
    if (field === '' || !shown) whole.push(problem.message);
    else byField.set(shown.field, [...(byField.get(shown.field) ?? []), problem.message]);
  }
  return { byField, whole };
}

/** `effectiveDate` for `pibs[0].effectiveDate` within `pibs[0]`; '' for the entry itself; undefined elsewhere. */
export function fieldWithin(problemPath: string, entryPath: string): string | undefined {
  if (problemPath === entryPath) return '';
  if (problemPath.startsWith(`${entryPath}.`)) return problemPath.slice(entryPath.length + 1);
  if (problemPath.startsWith(`${entryPath}[`)) return problemPath.slice(entryPath.length);
  return undefined;
}

/** The problems no listed entry takes: the whole draft's (path ''), `families`, a section that is no list. */
export function draftWideProblems(
  problems: readonly ManifestProblem[],
  sections: readonly DraftSection[],
): ManifestProblem[] {
  const paths = sections.flatMap((section) => section.entries.map((entry) => entry.path));
  return problems.filter((problem) => !paths.some((path) => fieldWithin(problem.path, path) !== undefined));
}

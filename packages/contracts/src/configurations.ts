import { Type, type Static } from 'typebox';

/** API paths of the Cornerstone products and options (staff, SPEC §7). */
export const CONFIGURATIONS_PATHS = {
  options: '/v1/products/cornerstone/options',
  configurations: '/v1/products/cornerstone/configurations',
} as const;

/** An option code and what it means to a person (SPEC §3). */
export const Option = Type.Object({ code: Type.String(), description: Type.String() }, { $id: 'Option' });
export type Option = Static<typeof Option>;

/** Every option, sorted by code. */
export const Options = Type.Array(Option, { $id: 'Options' });
export type Options = Static<typeof Options>;

/**
 * One product of a family in one Cornerstone version (SPEC §3). The list fields are
 * space-separated tokens, empty when there are none: packages `code:name`, options
 * `code|detail`, ranges `key=value`, analytes `name=key+key`. decodeConfiguration reads them.
 */
export const Configuration = Type.Object(
  {
    product: Type.String(),
    friendlyFamily: Type.String(),
    currentVersion: Type.String(),
    packages: Type.String(),
    trueOptions: Type.String(),
    falseOptions: Type.String(),
    expirableOptions: Type.String(),
    trueRanges: Type.String(),
    trueAnalytes: Type.String(),
  },
  { $id: 'Configuration' },
);
export type Configuration = Static<typeof Configuration>;

/** Sorted by family, then version newest first, then product. */
export const Configurations = Type.Array(Configuration, { $id: 'Configurations' });
export type Configurations = Static<typeof Configurations>;

/** The space-separated fields of a configuration (everything but its product, family and version). */
export const CONFIGURATION_LIST_FIELDS = [
  'packages',
  'trueOptions',
  'falseOptions',
  'expirableOptions',
  'trueRanges',
  'trueAnalytes',
] as const;
export type ConfigurationListField = (typeof CONFIGURATION_LIST_FIELDS)[number];

/** A package (`code:detail`) or an option (`code|detail`). */
export interface DecodedCode {
  code: string;
  /** What follows the separator; kept, not shown (the spec gives it no meaning). */
  detail: string;
}
export interface DecodedRange {
  key: string;
  value: string;
}
export interface DecodedAnalyte {
  name: string;
  keys: string[];
}

/** A field's well-formed tokens, decoded, and the tokens that are not, as written. */
export interface DecodedField<T> {
  items: T[];
  malformed: string[];
}

/** The tokens of a space-separated field; anything that is not a string has none. */
export function fieldTokens(field: unknown): string[] {
  return typeof field === 'string' ? field.split(/\s+/).filter((token) => token !== '') : [];
}

/** Splits at the first separator; no separator: the whole token is the head. */
function splitOnce(token: string, separator: string): [head: string, tail: string, found: boolean] {
  const at = token.indexOf(separator);
  return at === -1 ? [token, '', false] : [token.slice(0, at), token.slice(at + 1), true];
}

function decodeTokens<T>(field: unknown, decode: (token: string) => T | undefined): DecodedField<T> {
  const decoded: DecodedField<T> = { items: [], malformed: [] };
  for (const token of fieldTokens(field)) {
    const item = decode(token);
    if (item === undefined) decoded.malformed.push(token);
    else decoded.items.push(item);
  }
  return decoded;
}

function decodeCodes(field: unknown, separator: ':' | '|'): DecodedField<DecodedCode> {
  return decodeTokens(field, (token) => {
    const [code, detail] = splitOnce(token, separator);
    return code === '' ? undefined : { code, detail };
  });
}

/** `code:detail`; a bare `code` is a package too; an empty code is malformed. */
export function decodePackages(field: unknown): DecodedField<DecodedCode> {
  return decodeCodes(field, ':');
}

/** `code|detail`; a bare `code` is an option too; an empty code is malformed. */
export function decodeOptions(field: unknown): DecodedField<DecodedCode> {
  return decodeCodes(field, '|');
}

/** `key=value`; without `=` or without a key it is malformed. */
export function decodeRanges(field: unknown): DecodedField<DecodedRange> {
  return decodeTokens(field, (token) => {
    const [key, value, found] = splitOnce(token, '=');
    return key === '' || !found ? undefined : { key, value };
  });
}

/** `name=key+key`; without `=` or without a name it is malformed; empty keys are skipped. */
export function decodeAnalytes(field: unknown): DecodedField<DecodedAnalyte> {
  return decodeTokens(field, (token) => {
    const [name, keys, found] = splitOnce(token, '=');
    return name === '' || !found ? undefined : { name, keys: keys.split('+').filter((key) => key !== '') };
  });
}

/** The malformed tokens of every list field of a configuration, for the publisher's checks. */
export function malformedTokens(configuration: Partial<Record<ConfigurationListField, unknown>>): string[] {
  return [
    ...decodePackages(configuration.packages).malformed,
    ...decodeOptions(configuration.trueOptions).malformed,
    ...decodeOptions(configuration.falseOptions).malformed,
    ...decodeOptions(configuration.expirableOptions).malformed,
    ...decodeRanges(configuration.trueRanges).malformed,
    ...decodeAnalytes(configuration.trueAnalytes).malformed,
  ];
}

/** A configuration as the Products & Options table shows it: one list of texts per column. */
export interface ConfigurationRow {
  product: string;
  analytes: string[];
  packages: string[];
  defaultFeatures: string[];
  optionalFeatures: string[];
}

/** Marks an option that can be enabled for a limited time. */
export const EXPIRABLE_SUFFIX = ' (expirable)';

/**
 * Decodes a configuration for display. Package and option codes are shown by their
 * description, the code itself where none exists. Default features are the true options, then the ranges (`description: value`);
 * optional features are the false options, then the expirable ones. A malformed token is
 * shown as written, so nothing published disappears; no input makes this throw.
 */
export function decodeConfiguration(
  configuration: Partial<Record<ConfigurationListField | 'product', unknown>>,
  descriptions: ReadonlyMap<string, string>,
): ConfigurationRow {
  const describe = (code: string) => descriptions.get(code) ?? code;
  const shown = <T>({ items, malformed }: DecodedField<T>, label: (item: T) => string) => [
    ...items.map(label),
    ...malformed,
  ];
  const codeLabel = (item: DecodedCode) => describe(item.code);
  return {
    product: typeof configuration.product === 'string' ? configuration.product : '',
    analytes: shown(decodeAnalytes(configuration.trueAnalytes), (analyte) =>
      analyte.keys.length === 0 ? analyte.name : `${analyte.name} (${analyte.keys.join(' + ')})`,
    ),
    packages: shown(decodePackages(configuration.packages), codeLabel),
    defaultFeatures: [
      ...shown(decodeOptions(configuration.trueOptions), codeLabel),
      ...shown(decodeRanges(configuration.trueRanges), (range) => `${describe(range.key)}: ${range.value}`),
    ],
    optionalFeatures: [
      ...shown(decodeOptions(configuration.falseOptions), codeLabel),
      ...shown(decodeOptions(configuration.expirableOptions), (option) => `${codeLabel(option)}${EXPIRABLE_SUFFIX}`),
    ],
  };
}

/** Option descriptions by code, for decodeConfiguration. */
export function optionDescriptions(options: readonly Option[]): Map<string, string> {
  return new Map(options.map((option) => [option.code, option.description]));
}

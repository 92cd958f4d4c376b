import {
  SBOM_FORMAT,
  SBOM_MAX_BYTES,
  SBOM_MAX_NESTING,
  SBOM_SPEC_VERSIONS,
  type SbomSpecVersion,
} from '@portal/contracts';
import { jsonLineFinder, lineAtOffset } from '@portal/contracts/json-lines';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';

/**
 * The check of one SBOM (docs/sbom.md#what-is-accepted): a CycloneDX JSON document of spec
 * 1.4 to 1.6, valid by the CycloneDX library's own JSON schema validator, every component
 * named. Answers what the index needs, or one problem in the publisher's words, naming the
 * line of the SBOM where there is one. Never throws for any bytes.
 */

export interface SbomComponent {
  name: string;
  version: string | null;
  purl: string | null;
}

export interface CheckedSbom {
  specVersion: SbomSpecVersion;
  /** Every component, nested ones after their parent, in the document's order. */
  components: SbomComponent[];
}

export type SbomCheck = { ok: true; sbom: CheckedSbom } | { ok: false; problem: string };

const SPEC_VERSIONS: Record<SbomSpecVersion, Spec.Version> = {
  '1.4': Spec.Version.v1dot4,
  '1.5': Spec.Version.v1dot5,
  '1.6': Spec.Version.v1dot6,
};

/** One validator per spec version: each compiles its schema once, on first use. */
const validators = new Map<SbomSpecVersion, Validation.JsonStrictValidator>();
function validatorFor(version: SbomSpecVersion) {
  let validator = validators.get(version);
  if (!validator) {
    validator = new Validation.JsonStrictValidator(SPEC_VERSIONS[version]);
    validators.set(version, validator);
  }
  return validator;
}

const refused = (problem: string): SbomCheck => ({ ok: false, problem });

/**
 * The deepest nesting of arrays and objects in a JSON text, or the offset where it first
 * passes `limit`: a scan that never recurses, so 100,000 brackets cost nothing but the scan.
 */
export function nestingPastLimit(text: string, limit: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return undefined;
}

/** `line 57: /components/3 must have required property 'name'`: a validator's error where it is. */
function validationProblem(text: string, error: { instancePath?: string; message?: string }): string {
  const pointer = error.instancePath ?? '';
  const line = jsonLineFinder(text)(pointer);
  const where = line === undefined ? '' : `line ${line}: `;
  return `${where}${pointer || '(the document)'} ${error.message ?? 'is not valid'}`;
}

/** The components of a parsed document, nested ones after their parent; the first without a name, if any. */
function componentsOf(document: Record<string, unknown>): { components: SbomComponent[]; unnamed?: string } {
  const components: SbomComponent[] = [];
  const walk = (list: unknown, where: string): string | undefined => {
    if (!Array.isArray(list)) return undefined;
    for (let index = 0; index < list.length; index++) {
      const component = list[index] as Record<string, unknown>;
      const at = `${where}/${index}`;
      const name = typeof component.name === 'string' ? component.name.trim() : '';
      if (name === '') return at;
      components.push({
        name,
        version: typeof component.version === 'string' && component.version !== '' ? component.version : null,
        purl: typeof component.purl === 'string' && component.purl !== '' ? component.purl : null,
      });
      const nested = walk(component.components, `${at}/components`);
      if (nested) return nested;
    }
    return undefined;
  };
  // The metadata's component is the product itself, not one of its parts: not indexed.
  const unnamed = walk(document.components, '/components');
  return { components, unnamed };
}

interface SchemaError {
  instancePath?: string;
  message?: string;
}

/**
 * The document's top-level arrays whose schema says `uniqueItems`: Ajv checks that by
 * comparing every item with every other (2,000 components took 2.5 s here, 4,000 took 9.5 s;
 * in slices of 16, 50,000 components of 28.5 MB take about 8 s with the schema's compilation),
 * so a long one is validated in slices and its items' uniqueness checked here in one pass.
 */
const UNIQUE_ARRAYS = [
  'components',
  'services',
  'dependencies',
  'compositions',
  'vulnerabilities',
  'annotations',
  'formulation',
];
const SLICE = 16;

const schemaErrors = (answer: unknown): SchemaError[] | undefined =>
  Array.isArray(answer) && answer.length > 0 ? (answer as SchemaError[]) : undefined;

/**
 * The CycloneDX validator's errors for the document, or undefined when it is valid. A short
 * document is validated as written; a long one as its skeleton (long arrays emptied), then
 * each long array slice by slice in that skeleton, errors renumbered to the whole array's
 * indexes, and duplicate items (the schema's `uniqueItems`) found by their JSON text.
 */
async function validateInChunks(
  validator: Validation.JsonStrictValidator,
  text: string,
  document: Record<string, unknown>,
): Promise<SchemaError[] | undefined> {
  const long = UNIQUE_ARRAYS.flatMap((key) => {
    const value = document[key];
    return Array.isArray(value) && value.length > SLICE ? [[key, value] as const] : [];
  });
  if (long.length === 0) return schemaErrors(await validator.validate(text));
  const skeleton: Record<string, unknown> = { ...document };
  for (const [key] of long) skeleton[key] = [];
  const skeletonErrors = schemaErrors(await validator.validate(JSON.stringify(skeleton)));
  if (skeletonErrors) return skeletonErrors;
  for (const [key, items] of long) {
    for (let start = 0; start < items.length; start += SLICE) {
      const slice = items.slice(start, start + SLICE);
      const errors = schemaErrors(await validator.validate(JSON.stringify({ ...skeleton, [key]: slice })));
      if (errors) {
        const inSlice = new RegExp(`^/${key}/(\\d+)`);
        return errors.map((error) => ({
          ...error,
          instancePath: error.instancePath?.replace(inSlice, (_, index: string) => `/${key}/${start + Number(index)}`),
        }));
      }
    }
    const seen = new Map<string, number>();
    for (let index = 0; index < items.length; index++) {
      const item = JSON.stringify(items[index]);
      const first = seen.get(item);
      if (first !== undefined) {
        return [
          { instancePath: `/${key}/${index}`, message: `is the same as /${key}/${first} (items must be unique)` },
        ];
      }
      seen.set(item, index);
    }
  }
  return undefined;
}

/** Checks an SBOM's bytes (at most SBOM_MAX_BYTES: the caller refuses larger ones before reading them). */
export async function checkSbom(bytes: Uint8Array): Promise<SbomCheck> {
  if (bytes.length > SBOM_MAX_BYTES) return refused(sbomTooLargeProblem(bytes.length));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refused('is not UTF-8 text');
  }
  const tooDeep = nestingPastLimit(text, SBOM_MAX_NESTING);
  if (tooDeep !== undefined) {
    return refused(
      `line ${lineAtOffset(text, tooDeep)}: nests arrays or objects deeper than ${SBOM_MAX_NESTING} levels`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return refused(`is not JSON (${(error as Error).message})`);
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return refused(`is not a ${SBOM_FORMAT} document: it is not a JSON object`);
  }
  const fields = document as Record<string, unknown>;
  if (fields.bomFormat !== SBOM_FORMAT) {
    return refused(`is not a ${SBOM_FORMAT} document: its "bomFormat" is not "${SBOM_FORMAT}"`);
  }
  const specVersion = SBOM_SPEC_VERSIONS.find((version) => version === fields.specVersion);
  if (!specVersion) {
    const given =
      typeof fields.specVersion === 'string'
        ? `${SBOM_FORMAT} ${fields.specVersion.slice(0, 20)}`
        : 'a document without a string "specVersion"';
    return refused(`is ${given}: an SBOM is ${SBOM_FORMAT} ${SBOM_SPEC_VERSIONS[0]} to ${SBOM_SPEC_VERSIONS.at(-1)}`);
  }
  let errors: SchemaError[] | undefined;
  try {
    errors = await validateInChunks(validatorFor(specVersion), text, fields);
  } catch (error) {
    return refused(`could not be validated: ${(error as Error).message}`);
  }
  if (errors) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    return refused(
      `is refused by the ${SBOM_FORMAT} ${specVersion} schema: ${validationProblem(text, errors[0]!)}${more}`,
    );
  }
  const { components, unnamed } = componentsOf(fields);
  if (unnamed !== undefined) {
    const line = jsonLineFinder(text)(unnamed);
    return refused(`${line === undefined ? '' : `line ${line}: `}the component at ${unnamed} has no name`);
  }
  return { ok: true, sbom: { specVersion, components } };
}

export function sbomTooLargeProblem(sizeBytes: number): string {
  return `is ${(sizeBytes / 2 ** 20).toFixed(1)} MiB: an SBOM is at most ${SBOM_MAX_BYTES / 2 ** 20} MiB`;
}

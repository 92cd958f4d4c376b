/**
 * Ajv, as Fastify configures it, coerces a query's "1e9999" or "Infinity" to a number only
 * after its type check, and skips minimum and maximum for numbers that are not finite, so
 * `?limit=Infinity` reached the handlers (and PostgreSQL). No number the API takes may be
 * infinite or NaN: every validator Ajv builds is followed by this check, so each route is
 * covered without a word in its schema.
 */

interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

interface Validate {
  (data: unknown): boolean | Promise<unknown>;
  errors?: ValidationError[] | null;
}

interface AjvLike {
  compile(schema: object): Validate;
  getSchema(key: string): Validate | undefined;
}

/** The JSON pointer of the first number in `data` that is not finite, if any. */
export function nonFiniteNumberAt(data: unknown): string | undefined {
  const keys = nonFiniteNumberKeys(data);
  return keys && keys.map((key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * The keys leading to the first number that is not finite, outermost first. The pointer is
 * spelled only when one is found: every request's headers, query and body pass here, and
 * spelling a pointer for every key walked was most of this check's cost
 * (docs/decisions/160-versions-route-profile.md).
 */
function nonFiniteNumberKeys(data: unknown): string[] | undefined {
  if (typeof data === 'number') return Number.isFinite(data) ? undefined : [];
  if (data === null || typeof data !== 'object') return undefined;
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    const found = nonFiniteNumberKeys((data as Record<string, unknown>)[key]);
    if (found !== undefined) {
      found.unshift(key);
      return found;
    }
  }
  return undefined;
}

function finiteOnly(validate: Validate): Validate {
  const checked: Validate = (data) => {
    const valid = validate(data);
    if (valid !== true) {
      checked.errors = validate.errors ?? null;
      return valid;
    }
    const path = nonFiniteNumberAt(data);
    checked.errors =
      path === undefined
        ? null
        : [{ instancePath: path, schemaPath: '#', keyword: 'type', params: {}, message: 'must be a finite number' }];
    return path === undefined;
  };
  return checked;
}

/** For Fastify's `ajv.onCreate`: every validator the instance hands out refuses non-finite numbers. */
export function refuseNonFiniteNumbers(ajv: AjvLike): void {
  const compile = ajv.compile.bind(ajv);
  const getSchema = ajv.getSchema.bind(ajv);
  ajv.compile = (schema) => finiteOnly(compile(schema));
  ajv.getSchema = (key) => {
    const validate = getSchema(key);
    return validate && finiteOnly(validate);
  };
}

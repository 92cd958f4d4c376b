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
export function nonFiniteNumberAt(data: unknown, path = ''): string | undefined {
  if (typeof data === 'number') return Number.isFinite(data) ? undefined : path;
  if (data === null || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    const found = nonFiniteNumberAt(value, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    if (found !== undefined) return found;
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

/**
 * The request validators and response serializers of every binding: each
 * distinct JSON Schema is compiled once per process, however many routes,
 * twins, apps and frameworks share it.
 *
 * Path and query strings are coerced (and a single query value wrapped into
 * an array); JSON bodies are not, so `{"name": 42}` is a type error. Both drop
 * unknown keys, fill defaults and report every failing field at once (a query
 * array past its `maxItems` is refused before its items are checked).
 *
 * @module
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJson from 'fast-json-stringify';
import { cached } from '../cache.ts';
import { NON_CANONICAL_INTEGER_MESSAGE, nonCanonicalIntegers } from '../schemas/canonical-integers.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';

/** Which part of a request a schema checks: strings (path, query) are coerced, a JSON body is not. */
export type InputKind = 'strings' | 'json';

/**
 * Every schema compiled here comes from `z.toJSONSchema` (draft-07), so Ajv's
 * check of it against the meta-schema would prove nothing; skipping it also
 * skips compiling the meta-schema itself (about 0.3 MiB of heap in all).
 */
function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    allErrors: true,
    // Failing issues carry their schema, so a message can name a format rather than its regular expression.
    verbose: true,
    strict: false,
    validateSchema: false,
  });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

/** Compiled schemas by schema object, then by its text. */
class Compiled<T> {
  readonly #byObject = new WeakMap<object, T>();
  readonly #byText = new Map<string, T>();

  /** The compiled `schema`: a route sharing a schema object with another skips even serialising it. */
  get(schema: object, make: () => T): T {
    return cached(this.#byObject, schema, () => cached(this.#byText, JSON.stringify(schema), make));
  }
}

let ajv: Record<InputKind, Ajv> | undefined;
const validators: Record<InputKind, Compiled<ValidateFunction>> = { strings: new Compiled(), json: new Compiled() };
const serializers = new Compiled<(data: unknown) => string>();

/**
 * The Ajv validator of `schema` for path and query strings (coerced, integers
 * spelt canonically) or for a JSON body (not coerced).
 *
 * @example
 * ```ts
 * const validate = compileValidator({ type: 'object', properties: { page: { type: 'integer' } } }, 'strings');
 * validate({ page: '2' }); // true, and the page is now the number 2
 * ```
 */
export function compileValidator(schema: JsonSchema, kind: InputKind): ValidateFunction {
  ajv ??= { strings: createAjv('array'), json: createAjv(false) };
  const compiler = ajv[kind];
  if (kind === 'json') return validators.json.get(schema, () => compiler.compile(schema));
  return validators.strings.get(schema, () => prechecked(compiler.compile(schema), schema));
}

/** A check of the raw strings before Ajv: what it reports, Ajv never sees (`undefined`: nothing to report). */
type Precheck = (data: unknown) => ErrorObject[] | undefined;

/** An Ajv-shaped error of property `key`, failing the rule at `rule` under it (`''`: the property's own). */
function propertyError(
  key: string,
  rule: string,
  keyword: string,
  params: ErrorObject['params'],
  message: string,
): ErrorObject {
  return { instancePath: `/${key}`, schemaPath: `#/properties/${key}${rule}`, keyword, params, message };
}

/** Integers spelt other than in plain decimal (`0x1`, `1e0`, ` 1`, `+1`, `01`), which coercion would take for `1`. */
function integerCheck(schema: JsonSchema): Precheck | undefined {
  const check = nonCanonicalIntegers(schema);
  if (!check) return undefined;
  return (data) => {
    const keys = check(data);
    if (keys.length === 0) return undefined;
    return keys.map((key) => propertyError(key, '', 'type', { type: 'integer' }, NON_CANONICAL_INTEGER_MESSAGE));
  };
}

/** A repeated parameter past its `maxItems`: one error naming it, rather than Ajv checking (and reporting) every item. */
function lengthCheck(schema: JsonSchema): Precheck | undefined {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const limits = Object.entries(properties).flatMap(([key, { maxItems }]) =>
    typeof maxItems === 'number' ? [[key, maxItems] as const] : [],
  );
  if (limits.length === 0) return undefined;
  return (data) => {
    const record = (data ?? {}) as Record<string, unknown>;
    let errors: ErrorObject[] | undefined;
    for (const [key, limit] of limits) {
      const value = record[key];
      if (!Array.isArray(value) || value.length <= limit) continue;
      errors ??= [];
      errors.push(propertyError(key, '/maxItems', 'maxItems', { limit }, `must NOT have more than ${limit} items`));
    }
    return errors;
  };
}

/**
 * A parameter of the schema with brackets (`status[ne]`, `status[]`): an operator no route takes yet,
 * refused by name rather than ignored as unknown, which would answer every row.
 */
function operatorCheck(schema: JsonSchema): Precheck | undefined {
  const names = new Set(Object.keys(schema.properties ?? {}));
  if (names.size === 0) return undefined;
  return (data) => {
    let errors: ErrorObject[] | undefined;
    for (const key in data as Record<string, unknown>) {
      const open = key.indexOf('[');
      if (open <= 0 || !key.endsWith(']') || !names.has(key.slice(0, open))) continue;
      errors ??= [];
      errors.push(propertyError(key, '', 'operator', {}, OPERATOR_MESSAGE));
    }
    return errors;
  };
}

const OPERATOR_MESSAGE = 'is no parameter of this route: filters take no operator, only `field=value`';

/** `validate`, unless a {@link Precheck} of `schema` fails first. */
function prechecked(validate: ValidateFunction, schema: JsonSchema): ValidateFunction {
  const checks = [integerCheck(schema), lengthCheck(schema), operatorCheck(schema)].filter(
    (check) => check !== undefined,
  );
  if (checks.length === 0) return validate;
  const guarded = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    let bad: ErrorObject[] | undefined;
    for (const check of checks) {
      const found = check(data);
      if (found) bad = bad ? bad.concat(found) : found;
    }
    if (bad) {
      guarded.errors = bad;
      return false;
    }
    const valid = validate(data, context);
    guarded.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return Object.assign(guarded, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}

/**
 * The serializer of a response schema (fast-json-stringify): only the
 * schema's properties are written, so a field the schema leaves out never
 * reaches a client.
 *
 * @example
 * ```ts
 * const serialize = compileSerializer({ type: 'object', properties: { id: { type: 'integer' } } });
 * serialize({ id: 1, password: 'secret' }); // '{"id":1}'
 * ```
 */
export function compileSerializer(schema: JsonSchema): (data: unknown) => string {
  return serializers.get(schema, () => fastJson(schema as unknown as Parameters<typeof fastJson>[0]));
}

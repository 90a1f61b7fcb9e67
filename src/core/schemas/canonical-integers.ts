/**
 * One spelling per integer in a URL. Validators coerce path and query strings
 * to numbers the way JavaScript does, so `0x1`, `1e0`, ` 1`, `+1` and `01`
 * would all name record 1; a URL that means a record must name it one way.
 *
 * @module
 */
import type { JsonSchema } from './json-schema.ts';

/**
 * The accepted spelling of an integer in a path or query string: `0`, `42`, `-7`.
 *
 * @example
 * ```ts
 * CANONICAL_INTEGER.test('42'); // true
 * CANONICAL_INTEGER.test('042'); // false
 * ```
 */
export const CANONICAL_INTEGER = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * What a client reads when an integer is spelt otherwise.
 *
 * @example
 * ```ts
 * const error = { path: 'path.thread_id', message: NON_CANONICAL_INTEGER_MESSAGE };
 * ```
 */
export const NON_CANONICAL_INTEGER_MESSAGE =
  'must be an integer in plain decimal form, like 42 or -7 (no "+", leading zeros, spaces, exponent or hex)';

const takesInteger = (schema: unknown): boolean => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

/** The answer for valid input: one shared empty list. */
const NONE: string[] = Object.freeze([]) as unknown as string[];

/**
 * For the JSON Schema of a path or query object: a check, run on the raw
 * strings before coercion, that returns the keys whose integer (or list of
 * integers) is not spelt canonically (none: one shared, frozen empty list);
 * `undefined` when no property is an integer.
 *
 * @example
 * ```ts
 * const check = nonCanonicalIntegers({ type: 'object', properties: { id: { type: 'integer' } } });
 * check?.({ id: '0x1' }); // ['id']
 * ```
 */
export function nonCanonicalIntegers(schema: JsonSchema): ((data: unknown) => string[]) | undefined {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const keys = Object.entries(properties)
    .filter(([, property]) => takesInteger(property) || takesInteger(property.items))
    .map(([key]) => key);
  if (keys.length === 0) return undefined;
  const canonical = (value: unknown) => typeof value !== 'string' || CANONICAL_INTEGER.test(value);
  return (data) => {
    const record = (data ?? {}) as Record<string, unknown>;
    let bad: string[] | undefined;
    for (const key of keys) {
      const value = record[key];
      if (Array.isArray(value) ? value.every(canonical) : canonical(value)) continue;
      bad ??= [];
      bad.push(key);
    }
    // A valid request (every request but a bad one) allocates nothing.
    return bad ?? NONE;
  };
}

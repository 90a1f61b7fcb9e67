/**
 * Integers, booleans and decimals as the wire carries them: SQLite's loose
 * types, a 64-bit integer in a number-mode column or a boolean stored as 2
 * are refused as {@link Unexpressible} rather than served wrong.
 *
 * @module
 */
import { Unexpressible } from './expressible.ts';
import type { Codec } from './model.ts';

/** An integer's digits, as text (SQLite's loose types keep any, and a dialect reads some as text). */
const DIGITS = /^-?[0-9]+$/;

/** What a refused integer is: digits past `range`, or anything else. */
function notInteger(value: unknown, range: string): Unexpressible {
  const integral =
    typeof value === 'bigint' || (typeof value === 'number' ? Number.isInteger(value) : DIGITS.test(String(value)));
  return new Unexpressible(integral ? `an integer outside ${range}` : 'a value that is no integer');
}

/** The integers a JSON number holds exactly. */
const SAFE_RANGE = `${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}`;

/**
 * A decoded `integer` field's value as the wire carries it: a JSON number that is exactly the integer, so
 * within ±(2^53 − 1). Refuses digits past that (a driver's lossy number, SQLite's 8-byte integers read as
 * text) and what is no integer (`1.5`, `'abc'` in a SQLite column, `NaN`); a `bigint` within it is a number.
 *
 * @example
 * ```ts
 * servedInteger(42); // 42
 * servedInteger('9007199254740993'); // throws Unexpressible: an integer outside …
 * servedInteger(1.5); // throws Unexpressible: a value that is no integer
 * ```
 */
export const servedInteger: Codec = (value) => {
  if (Number.isSafeInteger(value) || value === null || value === undefined) return value;
  if (typeof value === 'bigint' && Number.isSafeInteger(Number(value))) return Number(value);
  throw notInteger(value, SAFE_RANGE);
};

/** A 64-bit integer's text as the wire carries it: no sign on zero, no leading zero. */
const BIGINT_TEXT = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * The check of a decoded `bigint` field's value as the wire carries it: the text of an integer within its
 * column's `range` (a signed 64-bit one's; an unsigned one's; any, for a `numeric` column), a `bigint` of
 * one, or a safe-integer number. Refuses what is no integer (SQLite's `1.5` or `'abc'`) and digits past
 * the range.
 *
 * @example
 * ```ts
 * const served = servedBigint({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
 * served('9007199254740993'); // '9007199254740993'
 * served('18446744073709551615'); // throws Unexpressible: an integer outside …
 * ```
 */
export function servedBigint(range?: { readonly min: bigint; readonly max: bigint }): Codec {
  const within = (n: bigint) => range === undefined || (n >= range.min && n <= range.max);
  // Text of 18 digits or fewer is within every range but an unsigned one's, which a sign leaves.
  const short = (text: string) => text.length < 19 && (range === undefined || range.min < 0n || text[0] !== '-');
  const outside = range ? `${range.min} to ${range.max}` : 'any range';
  return (value) => {
    const served =
      typeof value === 'string'
        ? BIGINT_TEXT.test(value) && (short(value) || within(BigInt(value)))
        : typeof value === 'bigint'
          ? within(value)
          : value === null || value === undefined || (Number.isSafeInteger(value) && within(BigInt(value as number)));
    if (served) return value;
    throw notInteger(value, typeof value === 'number' ? SAFE_RANGE : outside);
  };
}

/** The raw values a boolean column holds: a database's own `true` and `false`, or 0 and 1. */
const BOOLEANS: ReadonlySet<unknown> = new Set([true, false, 0, 1, 0n, 1n]);

/**
 * A decoder of raw booleans where the database keeps them as numbers (SQLite, MySQL's `TINYINT(1)`), which
 * refuses any but 0 and 1: ORMs read `2` or `'yes'` as `true` or as `false`, each its own way.
 *
 * @example
 * ```ts
 * zeroOrOne(1); // 1: the ORM's decoder makes it `true`
 * zeroOrOne(2); // throws Unexpressible
 * ```
 */
export const zeroOrOne: Codec = (raw) => {
  if (BOOLEANS.has(raw) || raw === null || raw === undefined) return raw;
  throw new Unexpressible('a value that is neither true nor false (0 or 1)');
};

/**
 * A decoder of raw decimals that refuses `NaN` and `±Infinity`, which no decimal string expresses.
 *
 * @example
 * ```ts
 * finiteDecimal('12.50'); // '12.50'
 * finiteDecimal('NaN'); // throws Unexpressible
 * ```
 */
export const finiteDecimal: Codec = (raw) => {
  if (raw === null || raw === undefined || Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && /^-?\.?\d/.test(raw)) return raw;
  throw new Unexpressible('a decimal that is NaN or infinite');
};

/** A number's text as PostgreSQL prints a `numeric` a column of numbers maps (Drizzle's `mode: 'number'`). */
const NUMBER_TEXT = /^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?$/i;

/** `NaN` and the infinities, as a number or as PostgreSQL's text of them. */
const NOT_FINITE = /^[+-]?(?:NaN|Inf)/i;

/**
 * A decoder of raw numbers (a float column's, or a `numeric` read as its text) that refuses `NaN` and
 * `±Infinity`, which PostgreSQL's floats and SQLite's `REAL` hold but JSON does not, and what is no number
 * (text or bytes SQLite keeps in a `REAL`).
 *
 * @example
 * ```ts
 * finiteNumber(1.5); // 1.5
 * finiteNumber(Number.NaN); // throws Unexpressible: a number that is NaN or infinite
 * finiteNumber('heavy'); // throws Unexpressible: a value that is no number
 * ```
 */
export const finiteNumber: Codec = (raw) => {
  if (typeof raw === 'number' ? Number.isFinite(raw) : raw === null || raw === undefined) return raw;
  if (typeof raw === 'bigint' || (typeof raw === 'string' && NUMBER_TEXT.test(raw))) return raw;
  const infinite = typeof raw === 'number' || (typeof raw === 'string' && NOT_FINITE.test(raw));
  throw new Unexpressible(infinite ? 'a number that is NaN or infinite' : 'a value that is no number');
};

/**
 * A 4-byte float, read widened to a double (`0.10000000149011612`), as its shortest decimal: the fewest
 * significant digits (at most 9) that round to the same float32.
 *
 * @example
 * ```ts
 * shortestFloat32(0.10000000149011612); // 0.1
 * shortestFloat32(16777216); // 16777216
 * ```
 */
export const shortestFloat32: Codec = (value) => {
  if (value === null || value === undefined) return value;
  const float = Math.fround(Number(value));
  for (let digits = 1; digits < 9; digits++) {
    const near = Number(float.toPrecision(digits));
    if (Math.fround(near) === float) return near;
  }
  return Number(float.toPrecision(9));
};

/**
 * A number as the 4-byte float its column keeps, bound so: an equality then matches the value served (MySQL
 * compares a `FLOAT` widened to a double), and every database stores the same float, one below the least
 * (1.4e-45) rounding as IEEE rounds it, to 0 under 7e-46.
 *
 * @example
 * ```ts
 * toFloat32(0.1); // 0.10000000149011612
 * toFloat32(1e-46); // 0
 * ```
 */
export const toFloat32: Codec = (value) => (typeof value === 'number' ? Math.fround(value) : value);

/**
 * The bounds of a number column's values, as a model declares them: an
 * integer's range by its bytes, a decimal's digits, a 4-byte float's
 * greatest value.
 *
 * @module
 */

/** The smallest and largest value an integer column holds. */
export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/** The digits a decimal column holds: `precision` in all, `scale` of them after the point. */
export interface DecimalDigits {
  readonly precision: number;
  readonly scale: number;
}

/**
 * The digits of a decimal column declared with `precision` and `scale` (none: 0); `undefined` when it
 * declares no precision (the model says nothing of the table's column, which a migration may have made
 * wider than the database's default), or digits no pattern bounds (PostgreSQL's negative scale, or a
 * scale past the precision).
 *
 * @example
 * ```ts
 * decimalDigits(12, 2); // { precision: 12, scale: 2 }
 * decimalDigits(5, undefined); // { precision: 5, scale: 0 }
 * decimalDigits(undefined, undefined); // undefined: any number of digits
 * ```
 */
export function decimalDigits(
  precision: number | null | undefined,
  scale: number | null | undefined,
): DecimalDigits | undefined {
  if (precision === undefined || precision === null) return undefined;
  const digits = { precision, scale: scale ?? 0 };
  const bounded = Number.isInteger(digits.precision) && Number.isInteger(digits.scale) && digits.precision > 0;
  return bounded && digits.scale >= 0 && digits.scale <= digits.precision ? digits : undefined;
}

/**
 * The range of an integer column of `bytes` bytes (`smallint` 2, `integer` 4), signed or not.
 *
 * @example
 * ```ts
 * integerRange(4); // { min: -2147483648, max: 2147483647 }
 * integerRange(1, true); // { min: 0, max: 255 }
 * ```
 */
export function integerRange(bytes: 1 | 2 | 3 | 4, unsigned = false): IntegerRange {
  const span = 2 ** (8 * bytes);
  return unsigned ? { min: 0, max: span - 1 } : { min: -span / 2, max: span / 2 - 1 };
}

/**
 * The greatest number a `singlePrecision` field takes, either side: the shortest decimal of the greatest
 * 4-byte float (3.4028234663852886e38), which it rounds to, so a value served is taken back.
 */
export const FLOAT32_MAX = 3.4028235e38;

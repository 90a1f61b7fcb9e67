/**
 * Decimal strings within a column's digits (`numeric(12, 2)`): at most
 * `precision − scale` digits before the point and `scale` after, so a write
 * the database would refuse (too many whole digits) or round (too many
 * fractional ones) is a 422 naming the field, on every database.
 *
 * @module
 */
import { z } from 'zod';
import { cached } from '../cache.ts';
import type { DecimalDigits } from '../column-bounds.ts';

/** Schemas by `precision|scale`, made once each. */
const schemas = new Map<string, z.ZodString>();
/** What a client reads for a value failing one of those schemas' patterns, by pattern. */
const messages = new Map<string, string>();

/** Digits before the point, digits after: what a pattern and its messages are made of. */
const partsOf = ({ precision, scale }: DecimalDigits) => ({ whole: precision - scale, scale });

/** The pattern of a decimal string within `digits`: no leading zero, no exponent, as the wire's decimals. */
function patternOf(digits: DecimalDigits): RegExp {
  const { whole, scale } = partsOf(digits);
  const integer = whole === 0 ? '0' : whole === 1 ? '[0-9]' : `(?:0|[1-9][0-9]{0,${whole - 1}})`;
  const fraction = scale === 0 ? '' : `(?:\\.[0-9]{1,${scale}})?`;
  return new RegExp(`^-?${integer}${fraction}$`);
}

/** What the digits allow, in words: `at most 10 digits before the point and 2 after`. */
function wordsOf(digits: DecimalDigits): string {
  const { whole, scale } = partsOf(digits);
  if (scale === 0) return `a whole number of at most ${whole} digits`;
  if (whole === 0) return `between -1 and 1, with at most ${scale} digits after the point`;
  return `at most ${whole} digits before the point and ${scale} after`;
}

/** A value the digits hold, for the description: `12.50`, `0.5`, `7`. */
function exampleOf(digits: DecimalDigits): string {
  const { whole, scale } = partsOf(digits);
  const integer = whole === 0 ? '0' : '12'.slice(0, whole);
  return scale === 0 ? integer : `${integer}.${'50'.slice(0, scale)}`;
}

/**
 * The schema of a decimal string within `digits`, made once per digits.
 *
 * @example
 * ```ts
 * const price = decimalWithin({ precision: 12, scale: 2 });
 * price.safeParse('1234567890.25').success; // true
 * price.safeParse('0.125').success; // false: three digits after the point
 * ```
 */
export function decimalWithin(digits: DecimalDigits): z.ZodString {
  return cached(schemas, `${digits.precision}|${digits.scale}`, () => {
    const pattern = patternOf(digits);
    messages.set(pattern.source, `must be a decimal string, ${wordsOf(digits)}, such as "${exampleOf(digits)}"`);
    const described = `An exact decimal number as a string, ${wordsOf(digits)}, such as "${exampleOf(digits)}"`;
    return z.string().regex(pattern).describe(described);
  });
}

/**
 * What a client reads for a value failing the pattern of a {@link decimalWithin} schema; `undefined` for
 * any other pattern.
 *
 * @example
 * ```ts
 * const pattern = z.toJSONSchema(decimalWithin({ precision: 4, scale: 1 })).pattern ?? '';
 * decimalMessage(pattern); // 'must be a decimal string, at most 3 digits before the point and 1 after, such as "12.5"'
 * ```
 */
export function decimalMessage(pattern: string): string | undefined {
  return messages.get(pattern);
}

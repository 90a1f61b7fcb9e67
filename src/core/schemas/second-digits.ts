/**
 * Date-times and times within the digits of a second their column keeps
 * (`timestamp(0)`, MySQL's `DATETIME` and `TIME`): past them only zeros, so a
 * value the database would round or cut is a 422 naming the field, in bodies,
 * filters and keys, on every database.
 *
 * @module
 */
import { z } from 'zod';
import { cached } from '../cache.ts';
import { toSecondDigits } from '../dates.ts';
import { timePattern } from './text-formats.ts';

/** What a schema of digits of a second is for: a date-time, or a time of `format`. */
type Of = 'datetime' | 'time' | 'duration';

/** Schemas by `of|digits`, made once each. */
const schemas = new Map<string, z.ZodString>();
/** What a client reads for a value failing one of those schemas' patterns, by pattern. */
const messages = new Map<string, string>();

/** The part of a second `digits` digits name. */
const UNITS = ['second', 'tenth of a second', 'hundredth of a second', 'millisecond'];
const unitOf = (digits: number) => UNITS[digits] ?? `${digits}th digit of a second`;

/** The value each describes, and an example of it. */
const WHAT: Record<Of, string> = {
  datetime: 'a date-time such as 2024-01-31T09:30:00Z',
  time: 'a time of day such as 09:30:00',
  duration: 'a time from -838:59:59 to 838:59:59 such as 09:30:00',
};

const patternOf = (of: Of, digits: number): RegExp =>
  of === 'datetime'
    ? toSecondDigits(z.iso.datetime({ offset: true, local: true }).def.pattern as RegExp, digits)
    : timePattern(of, digits);

/**
 * The schema of a date-time (`of` `'datetime'`) or a time of a format, its fraction of a second to `digits`
 * digits (past them zeros only), made once per kind and digits.
 *
 * @example
 * ```ts
 * const startsAt = withinSecondDigits('datetime', 0);
 * startsAt.safeParse('2024-01-01T10:00:00.000Z').success; // true
 * startsAt.safeParse('2024-01-01T10:00:00.600Z').success; // false: the column keeps whole seconds
 * ```
 */
export function withinSecondDigits(of: Of, digits: number): z.ZodString {
  return cached(schemas, `${of}|${digits}`, () => {
    const pattern = patternOf(of, digits);
    const words = `${WHAT[of]}, to the ${unitOf(digits)} at most`;
    messages.set(pattern.source, `must be ${words}`);
    const described = `${words.charAt(0).toUpperCase()}${words.slice(1)}: its column keeps no finer digits`;
    return z.string().regex(pattern).describe(described);
  });
}

/**
 * What a client reads for a value failing the pattern of a {@link withinSecondDigits} schema; `undefined`
 * for any other pattern.
 *
 * @example
 * ```ts
 * const pattern = z.toJSONSchema(withinSecondDigits('time', 0)).pattern ?? '';
 * secondDigitsMessage(pattern); // 'must be a time of day such as 09:30:00, to the second at most'
 * ```
 */
export function secondDigitsMessage(pattern: string): string | undefined {
  return messages.get(pattern);
}

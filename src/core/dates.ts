/**
 * Dates and date-times between the wire and the drivers, read the same
 * whatever the process's time zone (`TZ`): a `date` field's value is the
 * calendar day `YYYY-MM-DD` the database holds, and a date-time written
 * without an offset is UTC.
 *
 * @module
 */

/** A date-time ending in its time, with no zone: `…T10:00`, `…T10:00:00.123`. */
const ZONELESS = /T\d\d:\d\d(?::\d\d(?:\.\d+)?)?$/;

/**
 * A date-time as a `Date`, read as UTC when it names no offset (never in the
 * process's zone). Takes the wire's ISO 8601 and SQL's spellings
 * (`2024-01-31 10:00:00`, `2024-01-31 10:00:00.000 +00:00`).
 *
 * @example
 * ```ts
 * parseDateTime('2024-01-31T23:30:00').toISOString(); // '2024-01-31T23:30:00.000Z', whatever TZ is
 * parseDateTime('2024-02-01T08:30:00+09:00').toISOString(); // '2024-01-31T23:30:00.000Z'
 * ```
 */
export function parseDateTime(text: string): Date {
  const iso = (text.includes('T') ? text : text.replace(' ', 'T')).replace(/ (?=[+-]\d\d:?\d\d$)/, '');
  return new Date(ZONELESS.test(iso) ? `${iso}Z` : iso);
}

/**
 * `pattern`, a date-time's as Zod writes it, with its fractions of a second to `digits` digits: any digit
 * past them a zero. A `Date` keeps milliseconds (3), so a finer instant would be cut to another; a column
 * may keep fewer (`timestamp(0)`).
 *
 * @example
 * ```ts
 * const exact = toSecondDigits(/^\d\d:\d\d(?:\.\d+)?$/, 3);
 * exact.test('10:00.1230'); // true
 * exact.test('10:00.0009'); // false
 * toSecondDigits(/^\d\d:\d\d(?:\.\d+)?$/, 0).test('10:00.5'); // false
 * ```
 */
export function toSecondDigits(pattern: RegExp, digits: number): RegExp {
  const fraction = digits === 0 ? '(?:\\.0+)?' : `(?:\\.\\d{1,${digits}}0*)?`;
  const source = pattern.source.replaceAll('(?:\\.\\d+)?', fraction);
  if (source === pattern.source) throw new Error(`No fraction of a second in the date-time pattern ${source}`);
  return new RegExp(source, pattern.flags);
}

/**
 * A `date` field's value as the calendar day `YYYY-MM-DD`: text as it starts, a
 * `Date` by its UTC day (as `new Date('2024-02-29')` makes it); `null` and
 * `undefined` as they are.
 *
 * @example
 * ```ts
 * calendarDate(new Date('2024-02-29')); // '2024-02-29', whatever TZ is
 * calendarDate('2024-02-29 00:00:00'); // '2024-02-29'
 * ```
 */
export function calendarDate(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'string' ? value.slice(0, 10) : value;
}

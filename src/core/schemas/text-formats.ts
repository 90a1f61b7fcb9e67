/**
 * Text a column's database checks itself (a `time`, an `inet`), checked by
 * the schema instead, so a value it would refuse is a 422 naming the field.
 * Each pattern takes every spelling its database prints (PostgreSQL's time
 * of day, MySQL's `TIME`, addresses), so a value read can be sent back, in a
 * body or a filter. SQLite checks nothing: its `time` text is held to
 * PostgreSQL's time of day (text stored otherwise is read, not taken back).
 *
 * @module
 */
import { z } from 'zod';
import type { TextFormat } from '../model-meta.ts';

/** The digits of a second a time carries: microseconds. */
const TIME_DIGITS = 6;

/** `MM:SS` with at most microseconds, after the hours of a time; past `digits` of them, zeros only. */
const minutes = (digits: number) => {
  const zeros = TIME_DIGITS - digits;
  const fraction = digits === 0 ? `0{1,${TIME_DIGITS}}` : `[0-9]{1,${digits}}${zeros > 0 ? `0{0,${zeros}}` : ''}`;
  return `:[0-5][0-9]:[0-5][0-9](?:\\.${fraction})?`;
};

/**
 * The pattern of a time of `format`, its fraction of a second to `digits` digits (past them zeros only):
 * a time of day `HH:MM:SS` to `24:00:00` (no fraction past it), what PostgreSQL's `time` holds and prints;
 * a signed `HH:MM:SS`, `-838:59:59.999999` to `838:59:59.999999`, what MySQL's `TIME` (a duration) holds and prints.
 *
 * @example
 * ```ts
 * timePattern('time', 0).test('09:30:00.5'); // false: the column keeps whole seconds
 * timePattern('duration', 6).test('-100:00:00.5'); // true
 * ```
 */
export function timePattern(format: 'time' | 'duration', digits = TIME_DIGITS): RegExp {
  if (format === 'time') return new RegExp(`^(?:(?:[01][0-9]|2[0-3])${minutes(digits)}|24:00:00(?:\\.0{1,6})?)$`);
  return new RegExp(`^-?(?:[0-9]{2}|[1-7][0-9]{2}|8[0-2][0-9]|83[0-8])${minutes(digits)}$`);
}

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const V4 = `${OCTET}(?:\\.${OCTET}){3}`;
const H = '[0-9A-Fa-f]{1,4}';
/** The last 32 bits of an IPv6 address: two groups, or an IPv4 address (`::ffff:192.0.2.1`). */
const LS32 = `(?:${H}:${H}|${V4})`;
/** An IPv6 address in any of RFC 4291's text forms: one alternative per place of the `::` (RFC 3986's grammar). */
const V6 = [
  `(?:${H}:){6}${LS32}`,
  `::(?:${H}:){5}${LS32}`,
  `(?:${H})?::(?:${H}:){4}${LS32}`,
  `(?:(?:${H}:)?${H})?::(?:${H}:){3}${LS32}`,
  `(?:(?:${H}:){0,2}${H})?::(?:${H}:){2}${LS32}`,
  `(?:(?:${H}:){0,3}${H})?::${H}:${LS32}`,
  `(?:(?:${H}:){0,4}${H})?::${LS32}`,
  `(?:(?:${H}:){0,5}${H})?::${H}`,
  `(?:(?:${H}:){0,6}${H})?::`,
].join('|');
/** An IPv4 or IPv6 address, each with an optional prefix length within its bits. */
const IP = new RegExp(`^(?:${V4}(?:/(?:3[0-2]|[12]?[0-9]))?|(?:${V6})(?:/(?:12[0-8]|1[01][0-9]|[1-9]?[0-9]))?)$`);

/**
 * The schema of each text format. An `inet` and a `cidr` take the same text: whether a network's
 * host bits are zero (`10.0.0.0/8`, not `10.0.0.1/8`) is the database's to check.
 *
 * @example
 * ```ts
 * TEXT_FORMATS.time.safeParse('25:00:00').success; // false
 * TEXT_FORMATS.duration.safeParse('-100:00:00').success; // true
 * TEXT_FORMATS.inet.safeParse('2001:db8::1/64').success; // true
 * ```
 */
export const TEXT_FORMATS: Readonly<Record<TextFormat, z.ZodString>> = (() => {
  const ip = z
    .string()
    .regex(IP)
    .describe('An IPv4 or IPv6 address, with an optional prefix length, such as "192.168.0.1" or "2001:db8::/32"');
  return {
    time: z
      .string()
      .regex(timePattern('time'))
      .describe('A time of day, such as "09:30:00", "23:59:59.5" or "24:00:00"'),
    duration: z
      .string()
      .regex(timePattern('duration'))
      .describe('A time from "-838:59:59" to "838:59:59", such as "09:30:00", "100:00:00" or "-01:00:00.5"'),
    inet: ip,
    cidr: ip,
  };
})();

/**
 * Stored values no response can carry truthfully. PostgreSQL holds dates and
 * date-times that are infinite, BC or past the year 9999, and decimals that
 * are NaN or infinite; drivers and ORMs read them as wrong dates, cut text or
 * invalid `Date`s. A dialect's read refuses them, and the engine answers a 409
 * naming the field rather than a wrong value or a 500. Any database may hold
 * others (SQLite's loose types, MariaDB's zero dates, a 64-bit integer in a
 * number-mode column): each decoded date, date-time and integer is checked
 * once more as the wire carries it, and a boolean read as a number is 0 or 1.
 *
 * @module
 */
import { calendarDate } from '../core/dates.ts';
import { HttpError } from '../core/errors.ts';
import { YEARS } from '../core/schemas/storable.ts';
import type { Codec } from './model.ts';

/**
 * A raw value the wire cannot express; its message says what it is.
 *
 * @example
 * ```ts
 * throw new Unexpressible('a decimal that is NaN or infinite');
 * ```
 */
export class Unexpressible extends Error {
  override readonly name = 'Unexpressible';
}

/** What a refused date or date-time is, after `a date`. */
const OUTSIDE = `outside the years ${YEARS.min} to ${YEARS.max}, or infinite`;

/** A calendar day's text, `2024-01-31`, in its parts (four-digit years: `20000-01-01` and `… BC` are no such text). */
const DAY_PARTS = /^(\d{4})-(\d\d)-(\d\d)$/;

/** Whether `year` is one the wire takes. */
const within = (year: number) => year >= YEARS.min && year <= YEARS.max;

/**
 * A date-time's text as PostgreSQL prints it in the session's zone: `2024-01-31 10:00:00.5+09`, an offset
 * of hours, minutes and (before standard time) seconds, or none for a `timestamp` without a zone (UTC).
 */
const DATETIME_TEXT =
  /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d+)?(?:Z|([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/;

/**
 * The instant of a date-time's text, in milliseconds (`NaN` for other text: `infinity`, `… BC`), and whether
 * `Date` reads the text as it is: not with an offset of seconds, nor a year of other than four digits.
 */
function instantOf(text: string): { ms: number; readable: boolean } {
  const m = DATETIME_TEXT.exec(text);
  if (!m) return { ms: Number.NaN, readable: false };
  const [, y, mo, d, h, mi, sec, fraction, sign, oh, om, os] = m;
  // Set apart: `Date.UTC` reads years 0 to 99 as 1900 to 1999.
  const local = new Date(Date.UTC(2000, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec))).setUTCFullYear(
    Number(y),
  );
  const offset = (Number(oh ?? 0) * 3600 + Number(om ?? 0) * 60 + Number(os ?? 0)) * (sign === '-' ? -1 : 1);
  const ms = local - offset * 1000 + Math.floor(Number(fraction ?? 0) * 1000);
  return { ms, readable: os === undefined && y?.length === 4 && Number(y) >= 1000 };
}

/**
 * A decoder of raw dates (`kind` `'date'`) or date-times that refuses those outside the years the wire
 * takes, which drivers misread: `infinity` (text or `Infinity`), BC, `20000-01-01`, an invalid `Date`.
 * A date-time's year is its year in UTC, whatever the session's zone; text `Date` cannot read (an offset
 * of seconds, local mean time; `10000-01-01 08:00:00+09`, in range once in UTC) becomes ISO 8601 in UTC.
 *
 * @example
 * ```ts
 * withinYears('date')('2024-02-29'); // '2024-02-29'
 * withinYears('date')('0044-03-15 BC'); // throws Unexpressible
 * withinYears('datetime')('1850-06-01 12:53:28+00:53:28'); // '1850-06-01T12:00:00.000Z'
 * ```
 */
export function withinYears(kind: 'date' | 'datetime'): Codec {
  const what = kind === 'date' ? 'a date' : 'a date-time';
  const refuse = () => {
    throw new Unexpressible(`${what} ${OUTSIDE}`);
  };
  return (raw) => {
    if (raw === null || raw === undefined) return raw;
    if (raw instanceof Date) return within(kind === 'date' ? raw.getFullYear() : raw.getUTCFullYear()) ? raw : refuse();
    if (typeof raw !== 'string') return refuse();
    if (kind === 'date') return within(Number(DAY_PARTS.exec(raw)?.[1] ?? Number.NaN)) ? raw : refuse();
    const { ms, readable } = instantOf(raw);
    if (!within(new Date(ms).getUTCFullYear())) return refuse();
    return readable ? raw : new Date(ms).toISOString();
  };
}

/** The calendar day `YYYY-MM-DD` of a decoded date, if it is one of a year the wire takes. */
function servedDay(value: unknown): unknown {
  const refuse = (what: string) => {
    throw new Unexpressible(what);
  };
  if (value instanceof Date && Number.isNaN(value.getTime())) return refuse(`a date ${OUTSIDE}`);
  const day = calendarDate(value);
  const parts = typeof day === 'string' ? DAY_PARTS.exec(day) : null;
  if (!parts) return refuse('a value that is no date');
  const [year, month, date] = parts.slice(1).map(Number) as [number, number, number];
  if (!within(year)) return refuse(`a date ${OUTSIDE}`);
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, date);
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === date ? day : refuse('a value that is no date');
}

/** A decoded date-time, a `Date` or text of an instant, if its year in UTC is one the wire takes. */
function servedInstant(value: unknown): unknown {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? instantOf(value).ms : Number.NaN;
  // An invalid `Date` is a year out of range; text no date-time's, or any other value, is no date-time.
  if (Number.isNaN(ms) && !(value instanceof Date)) throw new Unexpressible('a value that is no date-time');
  const year = new Date(ms).getUTCFullYear();
  if (!within(year)) throw new Unexpressible(`a date-time ${OUTSIDE}`);
  return value;
}

/**
 * A decoded date (`kind` `'date'`) or date-time as the wire carries it, whatever the database and ORM: a
 * date as its calendar day `YYYY-MM-DD` (see `calendarDate`), a date-time as the ORM gave it, a `Date` or
 * text. Refuses what the wire's `date` and `date-time` formats do not hold: a year (a date-time's in UTC)
 * outside 1000 to 9999, an invalid `Date`, a number or text that is no date (SQLite keeps any value).
 *
 * @example
 * ```ts
 * servedWithinYears('date')(new Date('2024-02-29')); // '2024-02-29'
 * servedWithinYears('datetime')(new Date(1e15)); // throws Unexpressible: the year 33658
 * servedWithinYears('date')('not a date'); // throws Unexpressible
 * ```
 */
export function servedWithinYears(kind: 'date' | 'datetime'): Codec {
  const served = kind === 'date' ? servedDay : servedInstant;
  return (value) => (value === null || value === undefined ? value : served(value));
}

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

/**
 * `decode` answering a 409 naming `field` for a value it refuses as {@link Unexpressible}.
 *
 * @example
 * ```ts
 * const read = expressedAs(finiteDecimal, 'price');
 * read('NaN'); // throws HttpError 409: "The stored price is a decimal that is NaN or infinite, …"
 * ```
 */
export function expressedAs(decode: Codec, field: string): Codec {
  return (raw) => {
    try {
      return decode(raw);
    } catch (error) {
      if (!(error instanceof Unexpressible)) throw error;
      const detail = `The stored ${field} is ${error.message}, which no response can express`;
      throw new HttpError('conflict', detail, { cause: error });
    }
  };
}

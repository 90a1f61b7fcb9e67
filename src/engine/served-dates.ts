/**
 * Dates and date-times as the wire carries them: any database may hold ones
 * past the years the wire takes (PostgreSQL's infinite and BC values,
 * MariaDB's zero dates), which a read refuses as {@link Unexpressible}.
 *
 * @module
 */
import { calendarDate } from '../core/dates.ts';
import { YEARS } from '../core/schemas/storable.ts';
import { Unexpressible } from './expressible.ts';
import type { Codec } from './model.ts';

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
 * Whether PostgreSQL's text of a date-time is one `Date` reads as it is, of a year inside the wire's range
 * whatever its offset: a four-digit year past the first and before the last, not BC, no offset of seconds.
 * Most are, and need no parse.
 */
function plainInstant(text: string): boolean {
  const n = text.length;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(n - 1) === 67) return false; // `-` after the year; not `… BC`
  const year = Number(text.slice(0, 4));
  const secondsOffset = text[n - 3] === ':' && text[n - 6] === ':' && (text[n - 9] === '+' || text[n - 9] === '-');
  return year > YEARS.min && year < YEARS.max && !secondsOffset;
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
    if (plainInstant(raw)) return raw;
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
  if (value instanceof Date) {
    // An invalid `Date` (a year of NaN) is a year out of range.
    if (within(value.getUTCFullYear())) return value;
    throw new Unexpressible(`a date-time ${OUTSIDE}`);
  }
  const ms = typeof value === 'string' ? instantOf(value).ms : Number.NaN;
  if (Number.isNaN(ms)) throw new Unexpressible('a value that is no date-time');
  if (!within(new Date(ms).getUTCFullYear())) throw new Unexpressible(`a date-time ${OUTSIDE}`);
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

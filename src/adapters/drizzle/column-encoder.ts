/**
 * What a Drizzle column's driver binds for a wire value.
 *
 * @module
 */
import { Column } from 'drizzle-orm';
import { type Codec, parseDateTime } from 'ormcrud/adapter-kit';
import { columnKind } from './column-kind.ts';

/** Whether a column overrides Drizzle's identity codec of one direction. */
export const overrides = (column: Column, method: 'mapToDriverValue' | 'mapFromDriverValue') =>
  column[method] !== Column.prototype[method];

/** An ISO string as a `Date`, read as UTC when it names no offset; anything else as it is. */
const toDate: Codec = (value) => (typeof value === 'string' ? parseDateTime(value) : value);

/** The instant of the wire's ISO 8601 text, or of a `Date` an app's resolver set. */
const instantOf = (value: unknown): Date => (value instanceof Date ? value : parseDateTime(String(value)));

/** A date-time as MySQL's `DATETIME` text takes it, in UTC: `2024-01-02 03:04:05.000`. */
const mysqlText: Codec = (value) => instantOf(value).toISOString().replace('T', ' ').replace('Z', '');

/** What string-mode date-time columns bind for the wire's ISO 8601 text: an instant in UTC, as date mode does. */
const STRING_MODE_WRITERS: Readonly<Record<string, Codec>> = {
  PgTimestampString: (value) => instantOf(value).toISOString(),
  MySqlDateTimeString: mysqlText,
  MySqlTimestampString: mysqlText,
};

/** The database's text of a date-time: a space or `T`, fractions, and an offset such as `+00` or none (UTC). */
const DB_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** The database's text of a date-time as ISO 8601 in UTC (what the wire carries); other text as it is. */
function isoOfDbText(value: unknown): unknown {
  const match = typeof value === 'string' ? DB_DATETIME.exec(value) : null;
  if (!match) return value;
  const [, day, time, zone = 'Z'] = match;
  const offset = zone === 'Z' ? zone : zone.length === 3 ? `${zone}:00` : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return new Date(`${day}T${time}${offset}`).toISOString();
}

/**
 * The decoder of a string-mode date-time column (`timestamp({ mode: 'string' })`), which Drizzle reads as
 * the driver's text: as ISO 8601 in UTC. `undefined` for any other column.
 *
 * @example
 * ```ts
 * stringModeDecoder(post.created_at); // undefined: a date-mode column
 * ```
 */
export function stringModeDecoder(column: Column): Codec | undefined {
  return column.columnType in STRING_MODE_WRITERS ? isoOfDbText : undefined;
}

/**
 * The column's encoder (`undefined`: none), applied as Drizzle does to non-null
 * values: date-mode columns take a `Date`, made of the wire's ISO string. A
 * date-mode DATE has none: it binds the `YYYY-MM-DD` text the engine made of the
 * value, since mysql2 would send a `Date` in its own zone.
 *
 * @example
 * ```ts
 * columnEncoder(post.created_at)?.('2024-01-01T00:00:00'); // '2024-01-01T00:00:00.000Z' on PostgreSQL
 * ```
 */
export function columnEncoder(column: Column): Codec | undefined {
  const stringMode = STRING_MODE_WRITERS[column.columnType];
  if (stringMode) return (value) => (value === null || value === undefined ? value : stringMode(value));
  const dateMode = column.dataType === 'date';
  if (dateMode && columnKind(column) === 'date') return undefined;
  const encodes = overrides(column, 'mapToDriverValue');
  if (!dateMode && !encodes) return undefined;
  return (value) => {
    if (value === null || value === undefined) return value;
    const converted = dateMode ? toDate(value) : value;
    return encodes ? column.mapToDriverValue(converted) : converted;
  };
}

/**
 * Values between the wire and a Sequelize database, by field kind: what the
 * drivers return under Sequelize (SQLite text dates and 0/1 booleans,
 * PostgreSQL's string counts and decimals) becomes the wire's types, and wire
 * values are bound the way Sequelize itself stores them (on SQLite, dates as
 * `YYYY-MM-DD HH:mm:ss.SSS +00:00`; JSON as its text). The engine reads JSON.
 *
 * @module
 */
import { type FieldKind, parseDateTime } from 'ormcrud/adapter-kit';

/** A conversion of one non-null value. */
type Convert = (value: unknown) => unknown;

/** A conversion that passes `null` and `undefined` through. */
const nullable =
  (convert: Convert): Convert =>
  (value) =>
    value === null || value === undefined ? value : convert(value);

/** A zone-less timestamp is UTC (SQLite's `CURRENT_TIMESTAMP`, the wire's); a zoned one keeps its offset. */
const toDate = (value: unknown) => (value instanceof Date ? value : parseDateTime(String(value)));
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date as Sequelize writes it to SQLite: `2024-01-31 10:00:00.000 +00:00`. */
export function sqliteDate(value: unknown): string {
  const d = toDate(value);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
  return `${date} ${time} +00:00`;
}

/** PostgreSQL's decimals and counts come as strings. */
const toNumber: Convert = (value) => (typeof value === 'number' ? value : Number(value));

const fromDb: Partial<Record<FieldKind, Convert>> = {
  integer: toNumber,
  number: toNumber,
  boolean: (value) => (typeof value === 'boolean' ? value : Number(value) !== 0),
  datetime: toDate,
};

/**
 * How Sequelize stores a date, by its dialect's name: SQLite as text, PostgreSQL as an ISO string in UTC
 * (`pg` would write a `Date` in the process's zone, to the minute), the others as a `Date`.
 */
const DATE_WRITERS: Readonly<Record<string, Convert>> = {
  sqlite: sqliteDate,
  postgres: (value) => toDate(value).toISOString(),
};

/**
 * The conversions of a field of `kind` under the Sequelize dialect `dialect`: `decode` for what the driver
 * returns, `encode` for what it binds (`undefined`: none). The engine reads a 4-byte float.
 *
 * @example
 * ```ts
 * const { encode } = codecOf('datetime', 'sqlite');
 * encode?.('2024-01-31T10:00:00Z'); // '2024-01-31 10:00:00.000 +00:00'
 * ```
 */
export function codecOf(kind: FieldKind, dialect: string): { decode?: Convert; encode?: Convert } {
  // JSON is read by the engine, parsed once (see `Dialect.read`).
  const read = fromDb[kind];
  let write: Convert | undefined;
  if (kind === 'datetime') write = DATE_WRITERS[dialect] ?? toDate;
  else if (kind === 'json') write = (value) => JSON.stringify(value);
  return { ...(read && { decode: nullable(read) }), ...(write && { encode: nullable(write) }) };
}

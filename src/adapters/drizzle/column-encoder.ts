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

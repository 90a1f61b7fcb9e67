/**
 * What a Drizzle column's mapper takes from an incoming value.
 *
 * @module
 */
import type { Column } from 'drizzle-orm';

/**
 * How an incoming value is turned into what the column's Drizzle mapper expects:
 * date-mode columns take a `Date`, so ISO strings are converted.
 *
 * @example
 * ```ts
 * inputConverter(post.created_at)?.('2024-01-01T00:00:00Z'); // a Date
 * ```
 */
export function inputConverter(column: Column): ((value: unknown) => unknown) | undefined {
  if (column.dataType !== 'date') return undefined;
  return (value) => (typeof value === 'string' ? new Date(value) : value);
}

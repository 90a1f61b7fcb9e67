/**
 * A JSON column's stored value, parsed once. A dialect reads such a column as
 * its JSON text, whatever its driver would parse on its own, and the columns'
 * decoders get the value: a driver's parse followed by an ORM's (Drizzle's
 * `jsonb`, TypeORM's `json` on MySQL) would read the JSON string `"123"` as `123`.
 *
 * @module
 */
import type { ColumnRead } from './dialect.ts';
import { Unexpressible } from './expressible.ts';
import type { Codec } from './model.ts';

const utf8 = new TextDecoder();

/** JSON text as its value; text that is no JSON is refused. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Unexpressible('text that is no JSON');
  }
}

/**
 * The value of a JSON column's raw read: its text (or that text's bytes, as SQLite may keep it) parsed; a
 * number as it is (SQLite keeps a JSON number in a column of numeric affinity as a number); `null` as it is.
 * Throws {@link Unexpressible} for text that is no JSON (SQLite and a text column keep any).
 *
 * @example
 * ```ts
 * jsonValue('"123"'); // '123'
 * jsonValue('123'); // 123
 * jsonValue(null); // null
 * ```
 */
export const jsonValue: Codec = (raw) => {
  if (typeof raw === 'string') return parsed(raw);
  if (ArrayBuffer.isView(raw) || raw instanceof ArrayBuffer)
    return parsed(utf8.decode(raw as ArrayBuffer | Uint8Array));
  if (typeof raw === 'bigint') return Number(raw);
  return raw;
};

/**
 * A JSON column read as text by a cast to `type` (PostgreSQL's `TEXT`, MySQL's `CHAR`), and parsed once.
 *
 * @example
 * ```ts
 * jsonText('TEXT').select?.('"product"."attrs"'); // 'CAST("product"."attrs" AS TEXT)'
 * ```
 */
export const jsonText = (type: string): ColumnRead => ({
  select: (column) => `CAST(${column} AS ${type})`,
  decode: jsonValue,
});

/**
 * SQLite: `?` placeholders, `RETURNING` where the driver hands rows back, and
 * a create under parents as one guarded `INSERT … SELECT` (a single-connection
 * client such as libsql's in-memory one cannot hold a transaction for it).
 *
 * @module
 */
import {
  type ColumnRead,
  type Dialect,
  type DialectOptions,
  decimalText,
  doubleQuote,
  limitOffset,
  questionMark,
} from '../dialect.ts';

const utf8 = new TextDecoder();

/**
 * Text that holds U+0000, read as bytes and decoded: SQLite keeps such text
 * whole, but a driver may read it only up to the U+0000 (libsql does).
 */
const byteSafeText: ColumnRead = {
  select: (column) =>
    `CASE WHEN instr(CAST(${column} AS BLOB), X'00') > 0 THEN CAST(${column} AS BLOB) ELSE ${column} END`,
  decode: (raw) =>
    raw instanceof ArrayBuffer || ArrayBuffer.isView(raw) ? utf8.decode(raw as ArrayBuffer | Uint8Array) : raw,
};

/** Integers past 2^53 and exact decimals, read as the digits SQLite holds. */
const asText = decimalText('TEXT');

/**
 * The SQLite dialect.
 *
 * @example
 * ```ts
 * sqliteDialect({ returning: false }).returning; // false: Sequelize's SQLite returns no rows from writes
 * ```
 */
export function sqliteDialect(options: DialectOptions = {}): Dialect {
  return {
    name: 'sqlite',
    quote: doubleQuote,
    placeholder: options.placeholder ?? questionMark,
    returning: options.returning ?? true,
    arrayParams: false,
    namedStatements: false,
    guardedInsert: true,
    now: 'CURRENT_TIMESTAMP',
    textAcceptsNul: true,
    wideIntegers: true,
    read: (kind) => (kind === 'string' ? byteSafeText : kind === 'bigint' || kind === 'decimal' ? asText : undefined),
    insertDefaults: (table) => `INSERT INTO ${table} DEFAULT VALUES`,
    orderTerm: (column, desc) => `${column} ${desc ? 'DESC' : 'ASC'}`,
    limitOffset,
  };
}

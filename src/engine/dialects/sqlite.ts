/**
 * SQLite: `?` placeholders, `RETURNING` where the driver hands rows back, and
 * a create under parents as one guarded `INSERT … SELECT` (a single-connection
 * client such as libsql's in-memory one cannot hold a transaction for it); a date-time
 * equality finds `CURRENT_TIMESTAMP`'s text of a whole second too.
 *
 * @module
 */
import type { FieldKind } from '../../core/model-meta.ts';
import {
  type ColumnRead,
  type Dialect,
  type DialectOptions,
  decimalText,
  doubleQuote,
  limitOffset,
  questionMark,
  quotedText,
  type SameInstant,
} from '../dialect.ts';
import { jsonValue } from '../json-value.ts';
import { finiteNumber, zeroOrOne } from '../served-numbers.ts';
import { sqliteErrors } from './sqlite-errors.ts';

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

/**
 * A number SQLite's loose types keep in a binary column, read as its text before the ORM's decoder (which
 * may take only bytes or text: Drizzle's `blob({ mode: 'buffer' })`); the wire then has the base64 of that
 * text, as of text there.
 */
const bytesRead: ColumnRead = {
  decode: (raw) => (typeof raw === 'number' || typeof raw === 'bigint' ? String(raw) : raw),
};

/**
 * A number-mode integer as it is where a JSON number carries it exactly; else (8 bytes past 2^53, a REAL
 * too large, text) as text, which the engine refuses naming the field: drivers would read those digits
 * lossily, or fail the whole statement (libsql).
 */
const safeIntegerRead: ColumnRead = {
  select: (column) =>
    `CASE WHEN ${column} BETWEEN ${Number.MIN_SAFE_INTEGER} AND ${Number.MAX_SAFE_INTEGER} THEN ${column} ELSE CAST(${column} AS TEXT) END`,
};

/** Integers past 2^53, read as the digits SQLite holds. */
const bigintText = decimalText('TEXT');

/** `1.0e-07` → `0.0000001`: SQLite prints a REAL in exponent form, which a decimal string has none of. */
function plainDecimal(text: unknown): unknown {
  const match = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text) : null;
  if (!match) return text;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const [int, frac] =
    point <= 0 ? ['0', '0'.repeat(-point) + digits] : [digits.slice(0, point).padEnd(point, '0'), digits.slice(point)];
  const trimmed = frac.replace(/0+$/, '');
  return `${sign}${int.replace(/^0+(?=\d)/, '')}${trimmed ? `.${trimmed}` : ''}`;
}

/** Exact decimals, read as text (SQLite keeps them as REALs: at most about 15 significant digits). */
const decimalRead: ColumnRead = { ...decimalText('TEXT'), decode: plainDecimal };

/**
 * A date-time as the ORM writes it, or as `CURRENT_TIMESTAMP` writes a whole second: `YYYY-MM-DD HH:MM:SS`
 * text in UTC, which the ORMs read as that instant but never write (an `IN` of two values, index-friendly).
 */
const sameInstant: SameInstant = {
  sql: (column, first, second) => `(${column} = ${first} OR ${column} = ${second})`,
  second: (instant) =>
    instant.getUTCMilliseconds() === 0 ? instant.toISOString().slice(0, 19).replace('T', ' ') : null,
};

/**
 * How columns of each kind are read, where not as they are. JSON is parsed once, read as it is stored (no
 * cast: a JSON number a column of numeric affinity keeps as a REAL would be cast to 15 digits). A boolean is
 * 0 or 1, whatever else the column holds; a float is finite and no text (a `REAL` holds ±Infinity and text).
 */
const READS: Partial<Record<FieldKind, ColumnRead>> = {
  string: byteSafeText,
  integer: safeIntegerRead,
  boolean: { decode: zeroOrOne },
  bigint: bigintText,
  decimal: decimalRead,
  binary: bytesRead,
  json: { decode: jsonValue },
  number: { decode: finiteNumber },
};

/**
 * The SQLite dialect.
 *
 * @example
 * ```ts
 * sqliteDialect({ returning: false }).returning; // false: for a driver that hands no rows back from writes
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
    lateralJoins: false,
    forUpdate: '',
    failureAbortsTransaction: false,
    now: 'CURRENT_TIMESTAMP',
    textAcceptsNul: true,
    wideIntegers: true,
    scalarParams: true,
    sameInstant,
    bitsAsBytes: false,
    // Text is kept unchecked: a time column takes a time of day, as on PostgreSQL.
    timeFormat: 'time',
    read: (kind) => READS[kind],
    enumTypes: false,
    textLiteral: quotedText,
    insertDefaults: (table) => `INSERT INTO ${table} DEFAULT VALUES`,
    orderTerm: (column, desc) => `${column} ${desc ? 'DESC' : 'ASC'}`,
    limitOffset,
    errors: sqliteErrors,
  };
}

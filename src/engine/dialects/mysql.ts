/**
 * MySQL and MariaDB: backquotes, `?` placeholders, no `RETURNING` (a write
 * reads its row back by key), microsecond timestamps (an equality takes a whole millisecond); JSON read as
 * its text and parsed once.
 *
 * @module
 */
import type { FieldKind } from '../../core/model-meta.ts';
import {
  type ColumnRead,
  type Dialect,
  type DialectOptions,
  decimalText,
  limitOffset,
  questionMark,
  sameMillisecond,
} from '../dialect.ts';
import { jsonText } from '../json-value.ts';
import { shortestFloat32, zeroOrOne } from '../served-numbers.ts';
import { mysqlErrors } from './mysql-errors.ts';

/** 64-bit integers as exact digits; DATEs as `YYYY-MM-DD`, not a `Date` in mysql2's `timezone` zone. */
const asText = decimalText('CHAR');

/**
 * How columns of each kind are read, where not as they are: JSON as its text, parsed once (mysql2 parses
 * it by the column's type, MariaDB's `LONGTEXT` too, but not a text column TypeORM's `simple-json` keeps);
 * a boolean, a `TINYINT(1)` that holds -128 to 127, as 0 or 1 only.
 */
const READS: Partial<Record<FieldKind, ColumnRead>> = {
  bigint: asText,
  boolean: { decode: zeroOrOne },
  date: asText,
  json: jsonText('CHAR'),
};

/** `FLOAT`, `FLOAT(p)` of up to 24 bits, `FLOAT(M,D)`: 4 bytes; `REAL` and a wider `FLOAT(p)` are doubles. */
const SINGLE_FLOAT_TYPES =
  /^float(?:\s*\(\s*(?:[0-9]|1[0-9]|2[0-4]|[0-9]+\s*,\s*[0-9]+)\s*\))?(?:\s+unsigned)?(?:\s+zerofill)?$/;

/**
 * A `FLOAT` read widened to a double, then as its shortest decimal: the text protocol prints a float with 6
 * digits (`1234570` for a stored 1234567).
 */
const SINGLE_FLOAT_READ: ColumnRead = { select: (column) => `CAST(${column} AS DOUBLE)`, decode: shortestFloat32 };

/** A date-time equality's range; past the year 9999, up to MySQL's last `DATETIME`, which it leaves out. */
const AFTER_MILLISECOND = sameMillisecond('9999-12-31 23:59:59.999999');

/** A string literal with its backslashes and quotes escaped, as MySQL reads one by default. */
const backslashedText = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

const backquote = (identifier: string) => `\`${identifier.replaceAll('`', '``')}\``;

/**
 * The MySQL/MariaDB dialect.
 *
 * @example
 * ```ts
 * mysqlDialect().quote('order'); // '`order`'
 * ```
 */
export function mysqlDialect(options: DialectOptions = {}): Dialect {
  return {
    name: 'mysql',
    quote: backquote,
    placeholder: options.placeholder ?? questionMark,
    returning: false,
    arrayParams: options.arrayParams ?? false,
    namedStatements: false,
    guardedInsert: false,
    lateralJoins: false,
    forUpdate: ' FOR UPDATE',
    failureAbortsTransaction: false,
    now: 'CURRENT_TIMESTAMP(6)',
    textAcceptsNul: true,
    wideIntegers: false,
    scalarParams: false,
    sameInstant: AFTER_MILLISECOND,
    bitsAsBytes: true,
    timeFormat: 'duration',
    secondDigits: 0,
    read: (kind) => READS[kind],
    singleFloatTypes: SINGLE_FLOAT_TYPES,
    singleFloatRead: SINGLE_FLOAT_READ,
    enumTypes: true,
    textLiteral: backslashedText,
    insertDefaults: (table) => `INSERT INTO ${table} () VALUES ()`,
    orderTerm: (column, desc) => `${column} ${desc ? 'DESC' : 'ASC'}`,
    limitOffset,
    errors: mysqlErrors,
  };
}

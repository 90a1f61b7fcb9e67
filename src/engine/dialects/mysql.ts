/**
 * MySQL and MariaDB: backquotes, `?` placeholders, no `RETURNING` (a write
 * reads its row back by key), microsecond timestamps.
 *
 * @module
 */
import { type Dialect, type DialectOptions, decimalText, limitOffset, questionMark } from '../dialect.ts';
import { mysqlErrors } from './mysql-errors.ts';

/** 64-bit integers as exact digits; DATEs as `YYYY-MM-DD`, not a `Date` in mysql2's `timezone` zone. */
const asText = decimalText('CHAR');

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
    bitsAsBytes: true,
    read: (kind) => (kind === 'bigint' || kind === 'date' ? asText : undefined),
    insertDefaults: (table) => `INSERT INTO ${table} () VALUES ()`,
    orderTerm: (column, desc) => `${column} ${desc ? 'DESC' : 'ASC'}`,
    limitOffset,
    errors: mysqlErrors,
  };
}

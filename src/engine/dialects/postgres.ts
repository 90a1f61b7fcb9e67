/**
 * PostgreSQL (and CockroachDB): `$n` placeholders, `RETURNING`, array
 * parameters through node-postgres, named prepared statements, explicit
 * NULLS ordering (its default puts NULLs last ascending); text refuses U+0000.
 *
 * @module
 */
import { type Dialect, type DialectOptions, decimalText, doubleQuote, limitOffset, numbered } from '../dialect.ts';

const bigintText = decimalText('TEXT');

/**
 * The PostgreSQL dialect.
 *
 * @example
 * ```ts
 * const dialect = postgresDialect();
 * dialect.placeholder(0); // '$1'
 * ```
 */
export function postgresDialect(options: DialectOptions = {}): Dialect {
  return {
    name: 'postgres',
    quote: doubleQuote,
    placeholder: options.placeholder ?? numbered,
    returning: options.returning ?? true,
    arrayParams: options.arrayParams ?? true,
    namedStatements: true,
    guardedInsert: false,
    lateralJoins: true,
    now: 'CURRENT_TIMESTAMP',
    textAcceptsNul: false,
    wideIntegers: false,
    read: (kind) => (kind === 'bigint' ? bigintText : undefined),
    insertDefaults: (table) => `INSERT INTO ${table} DEFAULT VALUES`,
    orderTerm: (column, desc, nullable) => {
      const nulls = nullable ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
      return `${column} ${desc ? 'DESC' : 'ASC'}${nulls}`;
    },
    limitOffset,
  };
}

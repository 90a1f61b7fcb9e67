/**
 * PostgreSQL (and CockroachDB): `$n` placeholders, `RETURNING`, array
 * parameters through node-postgres, named prepared statements, explicit
 * NULLS ordering (its default puts NULLs last ascending); text refuses U+0000;
 * dates, date-times, decimals and floats it holds beyond what the wire expresses are refused when read;
 * JSON is read as its text and parsed once; a date-time equality takes its whole millisecond.
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
  numbered,
  quotedText,
  sameMillisecond,
} from '../dialect.ts';
import { jsonText } from '../json-value.ts';
import { withinYears } from '../served-dates.ts';
import { finiteDecimal, finiteNumber } from '../served-numbers.ts';
import { postgresErrors } from './postgres-errors.ts';

/**
 * 64-bit integers as exact digits; dates, date-times, decimals and floats checked first, since PostgreSQL
 * holds values of them no response expresses (`infinity`, BC, `20000-01-01`, `NaN`); JSON as its text, parsed once.
 */
const READS: Partial<Record<FieldKind, ColumnRead>> = {
  bigint: decimalText('TEXT'),
  date: { decode: withinYears('date') },
  datetime: { decode: withinYears('datetime') },
  decimal: { decode: finiteDecimal },
  json: jsonText('TEXT'),
  number: { decode: finiteNumber },
};

/** `real`, `float4`, `float(p)` of up to 24 bits: 4 bytes; `float` alone is a double. */
const SINGLE_FLOAT_TYPES = /^(?:real|float4|float\s*\(\s*(?:[1-9]|1[0-9]|2[0-4])\s*\))$/;

/** A date-time equality's range; past the year 9999, up to the year 10000 (a `timestamp` without a zone ignores it). */
const AFTER_MILLISECOND = sameMillisecond('10000-01-01 00:00:00+00');

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
    forUpdate: ' FOR UPDATE',
    failureAbortsTransaction: true,
    now: 'CURRENT_TIMESTAMP',
    textAcceptsNul: false,
    wideIntegers: false,
    scalarParams: false,
    sameInstant: AFTER_MILLISECOND,
    bitsAsBytes: false,
    timeFormat: 'time',
    secondDigits: 6,
    read: (kind) => READS[kind],
    singleFloatTypes: SINGLE_FLOAT_TYPES,
    enumTypes: true,
    textLiteral: quotedText,
    insertDefaults: (table) => `INSERT INTO ${table} DEFAULT VALUES`,
    orderTerm: (column, desc, nullable) => {
      const nulls = nullable ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
      return `${column} ${desc ? 'DESC' : 'ASC'}${nulls}`;
    },
    limitOffset,
    errors: postgresErrors,
  };
}

/**
 * The facets of a field that only some kinds take, from what an adapter read
 * of its column's declaration and its database: an integer's range, a
 * decimal's digits, a string's format and length, an enum's values, the digits of a second a date-time or
 * a time keeps. Each
 * adapter reads its ORM; which kind takes which facet is decided here, once.
 *
 * @module
 */
import { decimalDigits, type IntegerRange, integerRange } from './column-bounds.ts';
import type { FieldKind, FieldMeta, TextFormat } from './model-meta.ts';

/** Bytes of the integer SQL types narrower than a safe integer, by lower-case name (PostgreSQL's `serial`). */
const INTEGER_BYTES: Readonly<Record<string, 1 | 2 | 3 | 4>> = {
  int: 4,
  integer: 4,
  int4: 4,
  serial: 4,
  smallint: 2,
  int2: 2,
  smallserial: 2,
  mediumint: 3,
  tinyint: 1,
};

/** What an adapter read of one column's declaration; each kind takes what it needs of it. */
export interface ColumnDeclaration {
  /** Its SQL type (`integer`, `int unsigned`, `float(10,2)`): its first word names an integer's bytes, the whole a float's. */
  readonly sqlType?: string | undefined;
  /** An integer column that holds no negative values. */
  readonly unsigned?: boolean | undefined;
  /** A decimal column's declared digits (`numeric(12, 2)`); no precision: any. */
  readonly precision?: number | null | undefined;
  readonly scale?: number | null | undefined;
  /** The text a string column takes, where its database checks it; a `time` takes its database's. */
  readonly format?: TextFormat | undefined;
  readonly enumValues?: readonly (string | number)[] | undefined;
  /** A string column's declared length (`varchar(100)`); none, 0 or `NaN`: any. */
  readonly length?: number | undefined;
  /** The digits of a second a date-time or time column declares (`timestamp(3)`, MySQL's `fsp`); none: its database's default. */
  readonly secondDigits?: number | null | undefined;
  /** The digits of a second the ORM itself writes of a date-time, where it writes fewer (Drizzle's SQLite `timestamp` mode: 0). */
  readonly writtenSecondDigits?: number | undefined;
}

/** What a database's columns hold beyond what they declare (a `Dialect` says it). */
export interface ColumnDefaults {
  /** Every integer column holds 8 bytes, whatever its declared type (SQLite). */
  readonly wideIntegers: boolean;
  /** The text a `time` column holds: a time of day, or a signed duration (MySQL). */
  readonly timeFormat: Extract<TextFormat, 'time' | 'duration'>;
  /**
   * The digits of a second a date-time or time column keeps where it declares none (PostgreSQL 6, MySQL 0);
   * none: a column keeps what the ORM writes, whatever it declares (SQLite).
   */
  readonly secondDigits?: number | undefined;
  /** The SQL types (lower-case, as declared) of 4-byte float columns; none: every float holds 8 bytes (SQLite). */
  readonly singleFloatTypes?: RegExp | undefined;
}

/** The facets {@link kindFacets} gives. */
export type KindFacets = Pick<
  FieldMeta,
  'range' | 'integers' | 'digits' | 'format' | 'enumValues' | 'maxLength' | 'secondDigits' | 'singlePrecision'
>;

/** The digits of a second a date-time's values carry (a `Date`'s milliseconds), and a time's (microseconds). */
const VALUE_SECOND_DIGITS = { datetime: 3, time: 6 } as const;

/**
 * The digits of a second an SQL type declares (`timestamp (3)`, `DATETIME(6)`, `time(0)`); none for a type
 * without them (`timestamp`, `DATETIME`: its database's default).
 *
 * @example
 * ```ts
 * secondDigitsOfSqlType('timestamp (3) with time zone'); // 3
 * secondDigitsOfSqlType('DATETIME'); // undefined
 * ```
 */
export function secondDigitsOfSqlType(sqlType: string): number | undefined {
  const digits = /\(\s*(\d+)\s*\)/.exec(sqlType)?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/** The first word of a column's SQL type, lower-case: `int` of `INT(11) UNSIGNED`. */
const typeName = (declared: ColumnDeclaration) => declared.sqlType?.toLowerCase().split(/[\s(]/, 1)[0];

/**
 * The values an integer column holds, when fewer than the safe integers: those of its bytes where its SQL type
 * is narrower, from 0 where it is unsigned. A database whose columns all hold 8 bytes declares neither.
 */
function rangeOf(declared: ColumnDeclaration, database: ColumnDefaults): IntegerRange | undefined {
  if (database.wideIntegers) return undefined;
  const name = typeName(declared);
  const bytes = name === undefined ? undefined : INTEGER_BYTES[name];
  if (bytes) return integerRange(bytes, declared.unsigned === true);
  return declared.unsigned === true ? { min: 0, max: Number.MAX_SAFE_INTEGER } : undefined;
}

/**
 * A 64-bit integer's facets: a `numeric` column's digits (none declared: any), or an unsigned one's range.
 * A database whose integers all hold 8 bytes keeps the signed range, a `numeric` column's digits within it.
 */
function bigintFacets(declared: ColumnDeclaration, database: ColumnDefaults): KindFacets {
  const name = typeName(declared);
  const numeric = name === 'numeric' || name === 'decimal';
  const digits = numeric ? decimalDigits(declared.precision, declared.scale) : undefined;
  const integers = database.wideIntegers ? undefined : numeric ? 'numeric' : declared.unsigned ? 'unsigned' : undefined;
  return { ...(integers && { integers }), ...(digits && { digits }) };
}

/**
 * The digits of a second a column keeps of values carrying `carried`, when fewer: what it declares, else
 * its database's default, and no more than the ORM writes; none where the database keeps what the ORM writes.
 */
function secondDigitsOf(declared: ColumnDeclaration, database: ColumnDefaults, carried: number): KindFacets {
  const kept = database.secondDigits === undefined ? undefined : (declared.secondDigits ?? database.secondDigits);
  const written = declared.writtenSecondDigits;
  const digits = kept === undefined ? written : Math.min(kept, written ?? kept);
  return digits !== undefined && Number.isInteger(digits) && digits >= 0 && digits < carried
    ? { secondDigits: digits }
    : {};
}

/** A string column's facets: its format (a `time` column's is its database's, with its digits of a second) and its maximum length. */
function stringFacets(declared: ColumnDeclaration, database: ColumnDefaults): KindFacets {
  const format = declared.format === 'time' ? database.timeFormat : declared.format;
  const length = declared.length ?? 0;
  const seconds = declared.format === 'time' ? secondDigitsOf(declared, database, VALUE_SECOND_DIGITS.time) : {};
  return { ...(format && { format }), ...(length > 0 && { maxLength: length }), ...seconds };
}

/**
 * The facets of a field of `kind`: only an integer gets a range (where its SQL type is narrower than a safe
 * integer, or unsigned), only a 64-bit integer its integers (unsigned, or a `numeric` column's), only a
 * decimal or a `numeric` 64-bit one the digits it declares, only a string a format and a maximum length, only
 * an enum values, only a date-time and a time the digits of a second their column keeps, when fewer than they
 * carry, only a float whether its column holds 4 bytes (its SQL type, as its database reads it).
 *
 * @example
 * ```ts
 * const postgres = { wideIntegers: false, timeFormat: 'time', secondDigits: 6 } as const;
 * kindFacets('integer', { sqlType: 'smallint' }, postgres); // { range: { min: -32768, max: 32767 } }
 * kindFacets('bigint', { sqlType: 'bigint unsigned', unsigned: true }, postgres); // { integers: 'unsigned' }
 * kindFacets('bigint', { sqlType: 'numeric(30)', precision: 30 }, postgres); // { integers: 'numeric', digits: { precision: 30, scale: 0 } }
 * kindFacets('string', { sqlType: 'varchar', length: 100 }, postgres); // { maxLength: 100 }
 * kindFacets('string', { format: 'time' }, { wideIntegers: false, timeFormat: 'duration' }); // { format: 'duration' }
 * kindFacets('datetime', { secondDigits: 0 }, postgres); // { secondDigits: 0 }
 * kindFacets('number', { sqlType: 'real' }, { ...postgres, singleFloatTypes: /^real$/ }); // { singlePrecision: true }
 * ```
 */
export function kindFacets(kind: FieldKind, declared: ColumnDeclaration, database: ColumnDefaults): KindFacets {
  if (kind === 'integer') {
    const range = rangeOf(declared, database);
    return range ? { range } : {};
  }
  if (kind === 'bigint') return bigintFacets(declared, database);
  if (kind === 'decimal') {
    const digits = decimalDigits(declared.precision, declared.scale);
    return digits ? { digits } : {};
  }
  if (kind === 'enum') return { enumValues: [...(declared.enumValues ?? [])] };
  if (kind === 'datetime') return secondDigitsOf(declared, database, VALUE_SECOND_DIGITS.datetime);
  if (kind === 'number') {
    const single = database.singleFloatTypes?.test(declared.sqlType?.trim().toLowerCase() ?? '') === true;
    return single ? { singlePrecision: true } : {};
  }
  return kind === 'string' ? stringFacets(declared, database) : {};
}

/**
 * What differs between the databases the engine writes SQL for, as one small
 * object per family (`dialects/postgres.ts`, `mysql.ts`, `sqlite.ts`). The
 * engine asks the dialect and never checks a database's name.
 *
 * @module
 */
import type { DriverError } from '../core/driver-errors.ts';
import type { FieldKind, TextFormat } from '../core/model-meta.ts';
import type { ConstraintKind } from './constraint-errors.ts';
import type { Unexpressible } from './expressible.ts';
import type { Codec } from './model.ts';

/** How a column of some kind is read: a select expression around it, and a decoder applied first. */
export interface ColumnRead {
  /** The expression that reads `column` (a qualified, quoted column); none: the column itself. */
  readonly select?: (column: string) => string;
  /** A raw value as the column's own decoder expects it; may throw {@link Unexpressible}. */
  readonly decode?: Codec;
}

/** How a database family's drivers report errors, read from one error of a chain at a time. */
export interface DialectErrors {
  /** The kind of constraint the error says was violated, if it is such an error. */
  constraint(e: DriverError): ConstraintKind | undefined;
  /** The column a not-null violation names, where the driver says which. */
  column(e: DriverError): string | undefined;
  /** Whether the error says the database cannot be reached or answer now (down, saturated, busy, locked). */
  unavailable(e: DriverError): boolean;
  /** Whether the error says the database undid the whole transaction for a conflict with another (a deadlock), so it may run again. */
  conflict(e: DriverError): boolean;
}

/** The SQL spelling and capabilities of one database family, as one connection speaks it. */
export interface Dialect {
  /** The family's name, for messages only. */
  readonly name: string;
  /** Quotes an identifier (a table or column name from the model, never from a request). */
  quote(identifier: string): string;
  /** The placeholder of the `index`-th (0-based) parameter. */
  placeholder(index: number): string;
  /** `INSERT/UPDATE/DELETE … RETURNING` hands rows back through this connection; else writes are read back. */
  readonly returning: boolean;
  /** A list binds as one array parameter (`col = ANY($1)`), so one text serves any number of keys. */
  readonly arrayParams: boolean;
  /** Statements get a stable name per text, so a driver can prepare each once per connection. */
  readonly namedStatements: boolean;
  /**
   * A create under parents is one `INSERT … SELECT … WHERE EXISTS` (no transaction,
   * which a single-connection client cannot hold); else a check and the insert in one transaction.
   */
  readonly guardedInsert: boolean;
  /**
   * A to-many include reads each parent's first rows through `CROSS JOIN LATERAL` over an array
   * of keys; else (or for a composite key) through a `UNION ALL` branch per parent.
   */
  readonly lateralJoins: boolean;
  /**
   * What a `SELECT` in a transaction ends with to lock the rows it reads until the transaction ends
   * (` FOR UPDATE`), so another client's write cannot land between the read and a write of those rows;
   * empty where the transaction's read already keeps other writers off them (SQLite locks the whole database).
   */
  readonly forUpdate: string;
  /**
   * A statement that fails (a write refused for a constraint) aborts the transaction it runs in until it
   * rolls back (PostgreSQL); else only the statement is undone. Then, in a transaction the app opened, each
   * write runs in a savepoint of it, so that a refused write leaves the app's transaction usable.
   */
  readonly failureAbortsTransaction: boolean;
  /** The current time, as an update stamps a column with it. */
  readonly now: string;
  /** Text columns store U+0000 (PostgreSQL's refuse it). */
  readonly textAcceptsNul: boolean;
  /** Every integer column holds 8 bytes, whatever its declared type (SQLite). */
  readonly wideIntegers: boolean;
  /**
   * Parameters bind only single values, bytes and dates: the drivers refuse a plain object or an array
   * (SQLite's; libsql's may abort the process), so the engine refuses one for a column of any kind first.
   */
  readonly scalarParams: boolean;
  /**
   * How an equality on a date-time column finds every stored value served as that instant, where the
   * column holds others than the one the column's encoder writes (see {@link SameInstant}); none: `=`.
   */
  readonly sameInstant?: SameInstant;
  /** A `BIT(n)` column holds bytes, as its drivers read it (MySQL); else a text of `0` and `1` (PostgreSQL). */
  readonly bitsAsBytes: boolean;
  /** The text a `time` column holds and prints: a time of day (PostgreSQL), or a signed duration (MySQL). */
  readonly timeFormat: Extract<TextFormat, 'time' | 'duration'>;
  /**
   * The digits of a second a date-time or time column keeps where it declares none (PostgreSQL 6, MySQL 0);
   * none: a column keeps what the ORM writes, whatever it declares (SQLite).
   */
  readonly secondDigits?: number | undefined;
  /**
   * How a column of `kind` is read, where it is not read as it is: a 64-bit integer or a decimal as exact
   * text; JSON parsed once, so a column's decoder gets the value (an adapter applies no ORM JSON decoder).
   */
  read(kind: FieldKind): ColumnRead | undefined;
  /** The SQL types (lower-case) of 4-byte float columns; none: every float holds 8 bytes (SQLite). */
  readonly singleFloatTypes?: RegExp;
  /** How a 4-byte float column is read, where its drivers do not hand back the float's shortest decimal. */
  readonly singleFloatRead?: ColumnRead;
  /** A column the ORM declares as an enum type is one, whose values sort in their declared order (not SQLite). */
  readonly enumTypes: boolean;
  /** Text from the model (never a request) as an SQL string literal. */
  textLiteral(text: string): string;
  /** An `INSERT` that sets no column. */
  insertDefaults(table: string): string;
  /** One `ORDER BY` term; NULLs sort first ascending and last descending on every database. */
  orderTerm(column: string, desc: boolean, nullable: boolean): string;
  /** The row window of a page, from two placeholders. */
  limitOffset(limit: string, offset: string): string;
  /** How its drivers report errors. */
  readonly errors: DialectErrors;
}

/**
 * A condition on a date-time column of two placeholders bound from one wire value: the first its
 * column's encoding, the second what `second` makes of the instant.
 */
export interface SameInstant {
  sql(column: string, first: string, second: string): string;
  /** The second parameter's value for `instant`, given the column's encoder. */
  second(instant: Date, encode: Codec): unknown;
}

/** The first instant past the years the wire takes (`10000-01-01T00:00:00Z`). */
const PAST_YEARS = Date.UTC(10000, 0, 1);

/**
 * `col >= t AND col < t + 1 ms`: every value a column of microseconds holds that its drivers read as the
 * millisecond `t` (node-postgres and mysql2 cut the digits past it, as `Date` does); no function on the column.
 * Past the year 9999, which no ORM's encoder writes, the end is the database's own text `end`.
 *
 * @example
 * ```ts
 * const postgres = sameMillisecond('10000-01-01 00:00:00+00');
 * postgres.sql('"t"."at"', '$1', '$2'); // '"t"."at" >= $1 AND "t"."at" < $2'
 * ```
 */
export function sameMillisecond(end: string): SameInstant {
  return {
    sql: (column, first, second) => `${column} >= ${first} AND ${column} < ${second}`,
    second: (instant, encode) => {
      const next = instant.getTime() + 1;
      return next >= PAST_YEARS ? end : encode(new Date(next).toISOString());
    },
  };
}

/** What a connection may change of its family's dialect. */
export interface DialectOptions {
  /** Placeholders the driver (or ORM) takes instead of the family's own: Sequelize binds `$1` everywhere. */
  readonly placeholder?: (index: number) => string;
  /** Whether `RETURNING` rows come back through this connection (else writes read their row back). */
  readonly returning?: boolean;
  /** Whether the driver binds arrays (`= ANY($1)`); node-postgres does. */
  readonly arrayParams?: boolean;
}

/**
 * `placeholder` for a dialect: each index's text made once by `make` and kept.
 *
 * @example
 * ```ts
 * const placeholder = placeholders((i) => `$${i + 1}`);
 * placeholder(0); // '$1'
 * ```
 */
export function placeholders(make: (index: number) => string): (index: number) => string {
  const made: string[] = [];
  return (index) => {
    made[index] ??= make(index);
    return made[index];
  };
}

/** `"name"` with inner quotes doubled: the SQL standard's quoting (PostgreSQL, SQLite). */
export const doubleQuote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/** `$1, $2, …`: numbered placeholders. */
export const numbered = placeholders((index) => `$${index + 1}`);

/** `?` for every parameter. */
export const questionMark = (): string => '?';

/**
 * A column read as text (`TEXT`, MySQL's `CHAR`): a 64-bit integer or a decimal as its digits, which no
 * driver rounds to a JavaScript number, a MySQL `DATE` as its day.
 */
export const decimalText = (type: string): ColumnRead => ({ select: (column) => `CAST(${column} AS ${type})` });

/** `'text'` with inner quotes doubled: the SQL standard's string literal (PostgreSQL, SQLite). */
export const quotedText = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** `LIMIT … OFFSET …`, which every supported family spells alike. */
export const limitOffset = (limit: string, offset: string): string => `LIMIT ${limit} OFFSET ${offset}`;

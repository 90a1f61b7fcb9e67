/**
 * One column of a model compiled for a dialect: its quoted name, and the
 * codecs that read its values for the wire and write the wire's for the driver.
 *
 * @module
 */
import { calendarDate, parseDateTime } from '../core/dates.ts';
import type { FieldKind, FieldMeta } from '../core/model-meta.ts';
import { INT64, UINT64 } from '../core/schemas/storable.ts';
import { base64OfBytes, bytesOfBase64 } from './base64.ts';
import type { Dialect, SameInstant } from './dialect.ts';
import { enumOrder } from './enum-order.ts';
import { expressedAs, withheld } from './expressible.ts';
import type { Codec, ColumnSpec } from './model.ts';
import { refusing } from './refused-value.ts';
import { servedWithinYears } from './served-dates.ts';
import { servedBigint, servedInteger, toFloat32 } from './served-numbers.ts';
import { singleValueChecks } from './single-values.ts';

/** A column with its quoted name, and how its dialect reads it. */
export interface Column extends ColumnSpec {
  readonly sql: string;
  /** The expression that reads the qualified column, when not the column itself (see `Dialect.read`). */
  readonly select?: ((column: string) => string) | undefined;
  /** The expression a sort orders the qualified column by, when not the column itself (an enum's, see `enumOrder`). */
  readonly sortBy?: ((column: string) => string) | undefined;
  /** How an equality on it finds every value served as the same instant (a date-time's, where its dialect has one). */
  readonly sameInstant?: InstantEquality | undefined;
  /** Its decoder where no response serves it: a value none expresses is `undefined`, never a 409. */
  readonly unservedDecode?: Codec | undefined;
}

/** An equality on a date-time column: its condition, and the codec of its second parameter's value. */
export interface InstantEquality {
  readonly sql: SameInstant['sql'];
  readonly second: Codec;
}

/** The instant of a wire value (ISO 8601 text, or a `Date`); none for another value. */
function instantOf(value: unknown): Date | undefined {
  const instant = value instanceof Date ? value : typeof value === 'string' ? parseDateTime(value) : undefined;
  return instant && !Number.isNaN(instant.getTime()) ? instant : undefined;
}

/** `same` for a column encoding values with `encode`; a value of no instant binds as the first parameter. */
function instantEquality(same: SameInstant, encode: Codec | undefined): InstantEquality {
  const encoded: Codec = encode ?? ((value) => value);
  return {
    sql: same.sql,
    second: (value) => {
      const instant = instantOf(value);
      return instant ? same.second(instant, encoded) : encoded(value);
    },
  };
}

/** `second` after `first`, or whichever is given. */
const chain = (first?: Codec, second?: Codec): Codec | undefined =>
  first && second ? (value: unknown) => second(first(value)) : (first ?? second);

/** The check of a decoded value of each kind the wire's schema bounds more than its ORM does. */
const SERVED: Partial<Record<FieldKind, Codec>> = {
  date: servedWithinYears('date'),
  datetime: servedWithinYears('datetime'),
  integer: servedInteger,
};

/** The check of a decoded `bigint` field's value, by the integers its column holds. */
const SERVED_BIGINTS = {
  signed: servedBigint(INT64),
  unsigned: servedBigint(UINT64),
  numeric: servedBigint(),
} as const;

/** What a binary field's value must be, as the wire's schema says it. */
const BASE64_MUST = 'must be base64 text (padded, no spaces) such as aGVsbG8=';

/** A uuid in lower case, as PostgreSQL's and MariaDB's uuid types print it: every database keeps one spelling. */
const lowerUuid: Codec = (value) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * A field's own encoding of a wire value, before its ORM's: a calendar day, bytes of base64, a 4-byte float,
 * a uuid in lower case.
 */
function ownEncode(field: FieldMeta | undefined, name: string): Codec | undefined {
  if (field?.kind === 'date') return calendarDate;
  if (field?.kind === 'uuid') return lowerUuid;
  if (field?.kind === 'binary') return refusing(bytesOfBase64, name, BASE64_MUST);
  return field?.singlePrecision ? toFloat32 : undefined;
}

/**
 * `spec` compiled for `dialect`: its quoted name, and how its values are read (the dialect's read, the ORM's
 * decoder, then the wire's checks: a value no response expresses is a 409) and written (the wire's own
 * encoding of dates, bytes, 4-byte floats and uuids, then the ORM's encoder).
 *
 * @example
 * ```ts
 * const column = compileColumn(postSpec.columns[0]!, postSpec.meta.fields[0], postgresDialect());
 * column.sql; // '"id"'
 * ```
 */
export function compileColumn(spec: ColumnSpec, field: FieldMeta | undefined, dialect: Dialect): Column {
  const kind = field?.kind ?? 'unknown';
  // A JSON column's own decoder may take what the driver reads (`driverJson`), as its ORM hands it over.
  const single = field?.singlePrecision ? dialect.singleFloatRead : undefined;
  const read = kind === 'json' && spec.driverJson ? undefined : (single ?? dialect.read(kind));
  const binary = kind === 'binary';
  const served = kind === 'bigint' ? SERVED_BIGINTS[field?.integers ?? 'signed'] : SERVED[kind];
  const wire = served ? expressedAs(served, spec.field) : binary ? base64OfBytes : undefined;
  const decode = chain(chain(read?.decode && expressedAs(read.decode, spec.field), spec.decode), wire);
  const unchecked = chain(chain(read?.decode, spec.decode), served ?? (binary ? base64OfBytes : undefined));
  const unservedDecode = unchecked && withheld(unchecked);
  const checks = singleValueChecks(kind, spec.field, dialect);
  const own = ownEncode(field, spec.field);
  const orm = spec.encode && refusing(spec.encode, spec.field);
  const encode = chain(chain(chain(checks.wire, own), orm), checks.bound);
  const same = kind === 'datetime' && dialect.sameInstant ? instantEquality(dialect.sameInstant, encode) : undefined;
  const sortBy = enumOrder(field, spec, dialect);
  const sql = dialect.quote(spec.column);
  return { ...spec, sql, decode, encode, select: read?.select, sameInstant: same, sortBy, unservedDecode };
}

/**
 * A {@link ModelSpec} compiled once for one dialect: quoted table and column
 * names, columns by field and by database name, the fills writes apply, and
 * the selection of whole rows.
 *
 * @module
 */
import type { Row } from '../core/adapter-data.ts';
import { calendarDate, parseDateTime } from '../core/dates.ts';
import type { FieldKind, FieldMeta, ModelMeta, RelationMeta } from '../core/model-meta.ts';
import { publicFieldsOf, servedFieldsOf } from '../core/schemas/model-configs.ts';
import { INT64, UINT64 } from '../core/schemas/storable.ts';
import { base64OfBytes, bytesOfBase64 } from './base64.ts';
import type { Dialect, SameInstant } from './dialect.ts';
import { enumOrder } from './enum-order.ts';
import { expressedAs, withheld } from './expressible.ts';
import type { Codec, ColumnSpec, ModelSpec } from './model.ts';
import { refusing } from './refused-value.ts';
import { type Selection, selection } from './selection.ts';
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

/**
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
 * `spec` compiled: its quoted name, its dialect's read of its kind (or of a 4-byte float) before its own
 * decoder (a stored value it refuses is a 409); a `date` field is a calendar day both ways, whatever the
 * process's time zone, a decoded date, date-time or integer no response expresses is a 409 on every
 * database, a `binary` field is base64 text on the wire and bytes to the driver, a 4-byte float's number is
 * bound as that float, a uuid in lower case, a plain object or an array is refused before any encoder of a
 * field whose column takes none, or after them where the driver binds none, an equality on a `datetime`
 * field matches as its dialect says, and an enum sorts in its values' declared order.
 */
function compileColumn(spec: ColumnSpec, field: FieldMeta | undefined, dialect: Dialect): Column {
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

/**
 * One model, compiled.
 *
 * @example
 * ```ts
 * const compiled = new CompiledModel(postSpec, postgresDialect());
 * const sql = `SELECT ${compiled.rows(compiled.table).list} FROM ${compiled.table}`;
 * ```
 */
export class CompiledModel {
  readonly meta: ModelMeta;
  readonly name: string;
  readonly dialect: Dialect;
  /** The quoted table path. */
  readonly table: string;
  readonly columns: readonly Column[];
  readonly byField: ReadonlyMap<string, Column>;
  readonly primary: readonly Column[];
  /** The primary key's field names, in `primary` order. */
  readonly primaryKey: readonly string[];
  /** Columns an insert fills when it is not given them. */
  readonly insertFills: readonly Column[];
  /** Columns every update fills when it does not set them. */
  readonly updateFills: readonly Column[];
  readonly relations: readonly RelationMeta[];
  readonly #byColumn: ReadonlyMap<string, Column>;
  readonly #rows = new Map<string, Selection>();
  #shown: readonly Column[] | undefined;

  constructor(spec: ModelSpec, dialect: Dialect) {
    const quote = dialect.quote;
    this.meta = spec.meta;
    this.name = spec.meta.name;
    this.dialect = dialect;
    this.relations = spec.meta.relations;
    this.table = spec.table.map(quote).join('.');
    const fields = new Map(spec.meta.fields.map((field) => [field.name, field]));
    this.columns = spec.columns.map((column) => compileColumn(column, fields.get(column.field), dialect));
    this.byField = new Map(this.columns.map((c) => [c.field, c]));
    this.#byColumn = new Map(this.columns.map((c) => [c.column, c]));
    this.primary = this.columns.filter((c) => c.primaryKey);
    this.primaryKey = this.primary.map((c) => c.field);
    this.insertFills = this.columns.filter((c) => c.onInsert);
    this.updateFills = this.columns.filter((c) => c.onUpdate);
  }

  /** A column by field name; a missing one is a configuration mistake. */
  column(field: string): Column {
    const found = this.byField.get(field);
    if (!found) throw new TypeError(`Model "${this.name}" has no column "${field}"`);
    return found;
  }

  /**
   * Whole rows under `qualifier` (`''`: unqualified): every selected column, every relation key `null`. A
   * field no response serves is read for handlers, its value `undefined` where none could express it.
   */
  rows(qualifier: string): Selection {
    let rows = this.#rows.get(qualifier);
    if (!rows) {
      const served = servedFieldsOf(this.meta);
      rows = selection({
        quote: this.dialect.quote,
        qualifier,
        columns: this.columns
          .filter((c) => c.selected)
          .map((c) => (served.has(c.field) ? c : { ...c, decode: c.unservedDecode })),
        nullKeys: this.relations.map((r) => r.name),
      });
      this.#rows.set(qualifier, rows);
    }
    return rows;
  }

  /**
   * The columns shown wherever the model is included: its public fields (under
   * every configuration registered for it), in table order; read once.
   */
  get shown(): readonly Column[] {
    if (!this.#shown) {
      const fields = publicFieldsOf(this.meta);
      this.#shown = this.columns.filter((c) => c.selected && fields.has(c.field));
    }
    return this.#shown;
  }

  /** A wire value as the driver binds it for `column`. */
  encode(column: Column, value: unknown): unknown {
    return column.encode ? column.encode(value) : value;
  }

  /** The primary-key values of a row. */
  keyOf(row: Readonly<Row>): Row {
    const key: Row = {};
    for (const c of this.primary) key[c.field] = row[c.field];
    return key;
  }

  /** The field of a database column (to name the field of a constraint error). */
  fieldOf(columnName: string): string | undefined {
    return this.#byColumn.get(columnName)?.field;
  }
}

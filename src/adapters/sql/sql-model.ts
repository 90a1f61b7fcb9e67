/**
 * A model compiled once for the SQL the raw-SQL adapters write (TypeORM,
 * Sequelize): its quoted table, its columns keyed by wire name, the select
 * list, and the conversions between database and wire values. Each ORM only
 * lists its columns ({@link SqlColumnSpec}); everything else is shared.
 *
 * @module
 */
import type { RelationMeta, Row } from 'ormcrud';
import type { Dialect } from './dialect.ts';

/** One column as an ORM describes it. */
export interface SqlColumnSpec {
  /** Wire name: the field's name in bodies, filters and rows. */
  readonly wire: string;
  /** Database column name, unquoted. */
  readonly name: string;
  readonly primary: boolean;
  readonly nullable: boolean;
  /** The database fills it on insert by auto-increment (MySQL reports it as `insertId`). */
  readonly generated: boolean;
  /** Read by default (TypeORM `select: false` columns are not). */
  readonly selected: boolean;
  /** Holds text: on SQLite, read as bytes when it holds U+0000 (see {@link SqlModel.selectList}). */
  readonly text?: boolean | undefined;
  /** Holds 64-bit integers: read as decimal text, exact past 2^53 (see {@link SqlModel.selectList}). */
  readonly bigint?: boolean | undefined;
  /** A raw database value as the wire value (`undefined`: as it is). */
  readonly fromDb?: ((raw: unknown) => unknown) | undefined;
  /** A wire value as the driver binds it (`undefined`: as it is). */
  readonly toDb?: ((value: unknown) => unknown) | undefined;
  /** The value the ORM fills in client-side on insert when none is given (a UUID, a timestamp). */
  readonly insertDefault?: (() => unknown) | undefined;
  /**
   * What every update that does not set it writes: the current time
   * (`updatedAt`), or the value plus one (a version counter).
   */
  readonly onUpdate?: 'now' | 'increment' | undefined;
}

/** One column as the SQL builders use it: its spec plus its quoted name. */
export interface SqlColumn extends SqlColumnSpec {
  /** The quoted column name. */
  readonly sql: string;
}

/** What an adapter knows of one model, to compile it. */
export interface SqlModelSpec {
  /** The core's model name (lower-case table name). */
  readonly name: string;
  /** Table path, unquoted (`['post']`, `['public', 'post']`). */
  readonly table: readonly string[];
  readonly columns: readonly SqlColumnSpec[];
  /** The model's relations, as the core describes them. */
  readonly relations: readonly RelationMeta[];
  readonly dialect: Dialect;
}

/** The rows a statement returned and what it changed. */
export interface SqlResult {
  readonly records: Record<string, unknown>[];
  /** Rows matched by an `UPDATE` or `DELETE`. */
  readonly affected?: number | undefined;
  /** The auto-increment key of an `INSERT` without `RETURNING` (MySQL/MariaDB, SQLite). */
  readonly insertId?: unknown;
}

/** Runs one parameterised statement. */
export type Executor = (sql: string, params: unknown[]) => Promise<SqlResult>;

/**
 * One model, compiled for SQL.
 *
 * @example
 * ```ts
 * const post = new SqlModel({ name: 'post', table: ['post'], columns, relations: [], dialect });
 * const sql = `SELECT ${post.selectList(post.table)} FROM ${post.table}`;
 * const rows = (await exec(sql, [])).records.map(post.hydrate);
 * ```
 */
export class SqlModel {
  readonly name: string;
  /** Quoted table path. */
  readonly table: string;
  readonly columns: readonly SqlColumn[];
  readonly byWire: ReadonlyMap<string, SqlColumn>;
  readonly primary: readonly SqlColumn[];
  /** The primary key's wire names, in `primary` order. */
  readonly primaryKey: readonly string[];
  /** Columns the ORM fills in client-side on insert. */
  readonly insertDefaults: readonly SqlColumn[];
  /** Columns every update that does not set them writes (see {@link SqlColumnSpec.onUpdate}). */
  readonly touched: readonly SqlColumn[];
  readonly relations: readonly RelationMeta[];
  readonly dialect: Dialect;
  /** A raw result row (keyed by wire names) as a plain object of hydrated values. */
  readonly hydrate: (raw: Record<string, unknown>) => Row;
  readonly #selected: readonly SqlColumn[];
  readonly #selectLists = new Map<string, string>();
  readonly #byName: ReadonlyMap<string, SqlColumn>;

  constructor(spec: SqlModelSpec) {
    const quote = spec.dialect.escape;
    this.name = spec.name;
    this.dialect = spec.dialect;
    this.relations = spec.relations;
    this.table = spec.table.map(quote).join('.');
    const nulSafe = spec.dialect.family === 'sqlite';
    this.columns = spec.columns.map((column) => ({
      ...column,
      sql: quote(column.name),
      ...(nulSafe && column.text && { fromDb: fromBytes(column.fromDb) }),
    }));
    this.byWire = new Map(this.columns.map((c) => [c.wire, c]));
    this.#byName = new Map(this.columns.map((c) => [c.name, c]));
    this.primary = this.columns.filter((c) => c.primary);
    this.primaryKey = this.primary.map((c) => c.wire);
    this.insertDefaults = this.columns.filter((c) => c.insertDefault);
    this.touched = this.columns.filter((c) => c.onUpdate);
    this.#selected = this.columns.filter((c) => c.selected);
    this.hydrate = compileHydrate(this.#selected);
  }

  /**
   * `q.col AS "wire", …` for a qualifier (a quoted table or an alias); `''` gives unqualified columns.
   * On SQLite a text value holding U+0000 comes as bytes, which `hydrate` decodes: SQLite keeps
   * such text whole, but a driver may read it only up to the U+0000 (libsql does). A 64-bit integer
   * comes as decimal text, which no driver rounds to a JavaScript number.
   */
  selectList(qualifier: string): string {
    let list = this.#selectLists.get(qualifier);
    if (list === undefined) {
      const quote = this.dialect.escape;
      const prefix = qualifier ? `${qualifier}.` : '';
      const nulSafe = this.dialect.family === 'sqlite';
      const value = (c: SqlColumn) => {
        const column = `${prefix}${c.sql}`;
        if (c.bigint) return `CAST(${column} AS ${this.dialect.family === 'mysql' ? 'CHAR' : 'TEXT'})`;
        if (!nulSafe || !c.text) return column;
        return `CASE WHEN instr(CAST(${column} AS BLOB), X'00') > 0 THEN CAST(${column} AS BLOB) ELSE ${column} END`;
      };
      list = this.#selected.map((c) => `${value(c)} AS ${quote(c.wire)}`).join(', ');
      this.#selectLists.set(qualifier, list);
    }
    return list;
  }

  /** One raw database value of a column, hydrated. */
  hydrateValue(info: SqlColumn, raw: unknown): unknown {
    return info.fromDb ? info.fromDb(raw) : raw;
  }

  /** A wire value as the driver wants it bound. */
  persist(info: SqlColumn, value: unknown): unknown {
    return info.toDb ? info.toDb(value) : value;
  }

  /** The primary-key values of a row. */
  keyOf(row: Readonly<Row>): Row {
    const key: Row = {};
    for (const c of this.primary) key[c.wire] = row[c.wire];
    return key;
  }

  /** The wire name of a database column (to name the field of a constraint error). */
  wireOf(columnName: string): string | undefined {
    return this.#byName.get(columnName)?.wire;
  }
}

const utf8 = new TextDecoder();

/** A text column's `fromDb` that first decodes a value read as bytes (see {@link SqlModel.selectList}). */
function fromBytes(fromDb: ((raw: unknown) => unknown) | undefined): (raw: unknown) => unknown {
  const text = (raw: unknown) =>
    raw instanceof ArrayBuffer || ArrayBuffer.isView(raw) ? utf8.decode(raw as ArrayBuffer | Uint8Array) : raw;
  return fromDb ? (raw) => fromDb(text(raw)) : text;
}

/**
 * `hydrate` for one model, generated once: a single object literal per row
 * (the selected columns' wire names, in order), each value through its
 * column's `fromDb`. Every row then shares one hidden class and costs no
 * keyed store per column.
 */
function compileHydrate(selected: readonly SqlColumn[]): (raw: Record<string, unknown>) => Row {
  const properties = selected.map(({ wire, fromDb }, i) => {
    const value = `raw[${JSON.stringify(wire)}]`;
    return `${JSON.stringify(wire)}: ${fromDb ? `c${i}(${value})` : value}`;
  });
  // Wire names are JSON string literals, the rest is fixed text: nothing from a request reaches the code.
  const source = `return function hydrate(raw) { return { ${properties.join(', ')} }; };`;
  const names = selected.map((_, i) => `c${i}`);
  return new Function(...names, source)(...selected.map((c) => c.fromDb));
}

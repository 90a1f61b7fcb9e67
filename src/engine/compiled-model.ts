/**
 * A {@link ModelSpec} compiled once for one dialect: quoted table and column
 * names, columns by field and by database name, the fills writes apply, and
 * the selection of whole rows.
 *
 * @module
 */
import type { Row } from '../core/adapter-data.ts';
import type { ModelMeta, RelationMeta } from '../core/model-meta.ts';
import { publicFieldsOf, servedFieldsOf } from '../core/schemas/model-configs.ts';
import { type Column, compileColumn } from './compiled-column.ts';
import type { Dialect } from './dialect.ts';
import type { ModelSpec } from './model.ts';
import { type Selection, selection } from './selection.ts';

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

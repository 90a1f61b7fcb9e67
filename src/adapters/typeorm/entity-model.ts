/**
 * An entity compiled once for SQL: its quoted table, its columns keyed by wire
 * name, the select list, and the conversions between database and wire values
 * (through TypeORM's own driver, so transformers and date handling match TypeORM).
 *
 * @module
 */
import type { Row } from 'crud-collection';
import type { DataSource, EntityMetadata } from 'typeorm';
import type { Driver } from 'typeorm/driver/Driver.js';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { type Dialect, dialectOf } from './dialect.ts';

/** One column as the adapter uses it. */
export interface ColumnInfo {
  /** Wire name: the property path, or the database name of a relation-only join column. */
  readonly wire: string;
  /** The quoted column name. */
  readonly sql: string;
  readonly column: ColumnMetadata;
}

/** The wire name of a column: its property, or its database name when only a relation holds it. */
export function wireName(column: ColumnMetadata): string {
  return column.isVirtual ? column.databaseName : column.propertyPath;
}

/** A model's own columns (no virtual-property or select-less ones). */
export function ownColumns(metadata: EntityMetadata): ColumnMetadata[] {
  return metadata.columns.filter((c) => !c.isVirtualProperty);
}

/** One entity, compiled for the SQL the adapter writes. */
export class EntityModel {
  readonly name: string;
  /** Quoted table path. */
  readonly table: string;
  readonly columns: readonly ColumnInfo[];
  readonly byWire: ReadonlyMap<string, ColumnInfo>;
  readonly byColumn: ReadonlyMap<ColumnMetadata, ColumnInfo>;
  readonly primary: readonly ColumnInfo[];
  /** The primary key's wire names, in `primary` order. */
  readonly primaryKey: readonly string[];
  /** `uuid`-generated columns TypeORM fills client-side on this database (it has no uuid default). */
  readonly clientUuid: readonly ColumnInfo[];
  /** Columns set to `CURRENT_TIMESTAMP` on every update (`@UpdateDateColumn`). */
  readonly updateDate: readonly ColumnInfo[];
  readonly dialect: Dialect;
  readonly #selected: readonly ColumnInfo[];
  readonly #selectLists = new Map<string, string>();
  readonly #dataSource: DataSource;

  constructor(
    readonly metadata: EntityMetadata,
    dataSource: DataSource,
  ) {
    this.#dataSource = dataSource;
    this.dialect = dialectOf(dataSource);
    const quote = this.dialect.escape;
    this.name = metadata.tableName.toLowerCase();
    this.table = metadata.tablePath.split('.').map(quote).join('.');
    this.columns = ownColumns(metadata).map((column) => ({
      wire: wireName(column),
      sql: quote(column.databaseName),
      column,
    }));
    this.byWire = new Map(this.columns.map((c) => [c.wire, c]));
    this.byColumn = new Map(this.columns.map((c) => [c.column, c]));
    this.primary = this.columns.filter((c) => c.column.isPrimary);
    this.primaryKey = this.primary.map((c) => c.wire);
    this.updateDate = this.columns.filter((c) => c.column.isUpdateDate);
    const uuidByDatabase = dataSource.driver.isUUIDGenerationSupported();
    this.clientUuid = uuidByDatabase ? [] : this.columns.filter((c) => c.column.generationStrategy === 'uuid');
    this.#selected = this.columns.filter((c) => c.column.isSelect);
    this.hydrate = compileHydrate(this.#selected, dataSource.driver);
  }

  /** `q.col AS "wire", …` for a qualifier (a quoted table or an alias); `''` gives unqualified columns. */
  selectList(qualifier: string): string {
    let list = this.#selectLists.get(qualifier);
    if (list === undefined) {
      const quote = this.dialect.escape;
      const prefix = qualifier ? `${qualifier}.` : '';
      list = this.#selected.map((c) => `${prefix}${c.sql} AS ${quote(c.wire)}`).join(', ');
      this.#selectLists.set(qualifier, list);
    }
    return list;
  }

  /** A raw result row (keyed by wire names) as a plain object of hydrated values. */
  readonly hydrate: (raw: Record<string, unknown>) => Row;

  /** One raw database value of a column, hydrated. */
  hydrateValue(info: ColumnInfo, raw: unknown): unknown {
    return this.#dataSource.driver.prepareHydratedValue(raw, info.column);
  }

  /** A wire value as the driver wants it bound. */
  persist(info: ColumnInfo, value: unknown): unknown {
    return this.#dataSource.driver.preparePersistentValue(value, info.column);
  }

  /** The known columns of `data` (unknown keys never reach the database). */
  pick(data: Readonly<Row>): [ColumnInfo, unknown][] {
    const picked: [ColumnInfo, unknown][] = [];
    for (const key in data) {
      const info = this.byWire.get(key);
      if (info && data[key] !== undefined) picked.push([info, data[key]]);
    }
    return picked;
  }

  /** The primary-key values of a row. */
  keyOf(row: Readonly<Row>): Row {
    const key: Row = {};
    for (const c of this.primary) key[c.wire] = row[c.wire];
    return key;
  }
}

const models = new WeakMap<EntityMetadata, EntityModel>();

/**
 * The compiled model of an entity's metadata, built once and shared by every adapter.
 *
 * @example
 * ```ts
 * const post = entityModel(dataSource.getMetadata(Post), dataSource);
 * await manager.query(`SELECT ${post.selectList(post.table)} FROM ${post.table}`);
 * ```
 */
export function entityModel(metadata: EntityMetadata, dataSource: DataSource): EntityModel {
  let model = models.get(metadata);
  if (!model) {
    model = new EntityModel(metadata, dataSource);
    models.set(metadata, model);
  }
  return model;
}

/**
 * `hydrate` for one entity, generated once: a single object literal per row
 * (the selected columns' wire names, in order), each value through the
 * driver's `prepareHydratedValue` for its column, as TypeORM hydrates it.
 * Every row then shares one hidden class and costs no keyed store per column.
 */
function compileHydrate(selected: readonly ColumnInfo[], driver: Driver): (raw: Record<string, unknown>) => Row {
  const properties = selected.map(
    ({ wire }, i) => `${JSON.stringify(wire)}: driver.prepareHydratedValue(raw[${JSON.stringify(wire)}], c${i})`,
  );
  // Wire names are JSON string literals, the rest is fixed text: nothing from a request reaches the code.
  const source = `return function hydrate(raw) { return { ${properties.join(', ')} }; };`;
  const names = selected.map((_, i) => `c${i}`);
  return new Function('driver', ...names, source)(driver, ...selected.map((c) => c.column));
}

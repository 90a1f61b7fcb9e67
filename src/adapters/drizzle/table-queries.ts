/**
 * The queries of one table whose shape repeats: get, insert, update and
 * delete one, and a list page with its count. On the adapter's own `db` they are prepared once
 * per shape (parent chain, filter fields, sort) with placeholders and reused;
 * on a session, or MySQL for lists (mysql2 sends `LIMIT ?` values as doubles,
 * which MySQL refuses), they are built per call.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { and, type Column, count, type SQL, type Table } from 'drizzle-orm';
import type { FilterData, PkValues, Row, SortData, UpdateReturning } from '../../core/adapter.ts';
import type { PageSource } from '../../core/paginator.ts';
import { type ParentRef, parentScopeValues, planParentScope } from '../../core/parent-scope.ts';
import { ChainShapes, StatementCache, sortShape } from '../../engine/statement-cache.ts';
import { WriteShapes } from '../../engine/write-shapes.ts';
import { columnValues, type TableInfo, tableInfo } from './describe-table.ts';
import { type LooseDb, type Prepared, prepareQuery } from './dialect.ts';
import type { IncludePreparer } from './includes.ts';
import { filterConditions, filterParams, filterShape, orderTerms } from './list-query.ts';
import { insertRow, removeRow, updateRow } from './mutations.ts';
import { rowColumns, rowKeyColumns } from './row-columns.ts';
import { type Binder, bindValue, pkEquals, placeholderBinder, primaryKeyOf, scopeConditions } from './scope.ts';

/** Parent-chain shapes of Drizzle tables, named by table. */
const chains = new ChainShapes((model) => tableInfo(model as Table).name);

/** A write's statement key, and its fields in the order its placeholders take them. */
interface WriteShape {
  readonly key: string;
  readonly fields: readonly string[];
  readonly preparable: boolean;
}

/** The kind of an update's statement, by what it returns. */
const UPDATE_KIND: Record<UpdateReturning, string> = { row: 'update|row', key: 'update|key' };

/**
 * Repeating queries of one table, prepared on `fixedDb`.
 *
 * @example
 * ```ts
 * const queries = new TableQueries(tableInfo(post), post, db, 64, () => ['thread', 'author']);
 * const row = await queries.selectOne(db, { id: 1 }, parents);
 * ```
 */
export class TableQueries {
  readonly #info: TableInfo;
  readonly #table: Table;
  readonly #fixedDb: LooseDb | undefined;
  readonly #statements: StatementCache<Prepared>;
  readonly #inserts: WriteShapes<WriteShape>;
  readonly #updates: WriteShapes<WriteShape>;
  readonly #relationKeys: () => readonly string[];

  /** `relationKeys` names the keys a row of this table carries as `null` until an include loads them. */
  constructor(
    info: TableInfo,
    table: Table,
    fixedDb: LooseDb | undefined,
    cacheSize: number,
    relationKeys: () => readonly string[] = () => [],
  ) {
    this.#info = info;
    this.#table = table;
    this.#fixedDb = fixedDb;
    this.#statements = new StatementCache(cacheSize);
    const fields = Object.keys(info.columns);
    // An insert cannot be prepared when an omitted column's value comes from a client-side function.
    this.#inserts = new WriteShapes(fields, (chain, given) =>
      this.#writeShape(chain, given, (c) => c.defaultFn ?? c.onUpdateFn),
    );
    this.#updates = new WriteShapes(fields, (chain, given) => this.#writeShape(chain, given, (c) => c.onUpdateFn));
    this.#relationKeys = relationKeys;
  }

  /** The row with this key inside the parent chain. */
  async selectOne(db: LooseDb, pkValues: PkValues, parentRefs?: readonly ParentRef[]): Promise<Row | undefined> {
    const rows = await this.#byKey('one', db, parentRefs, pkValues, (bind) =>
      db
        .select(rowColumns(this.#table))
        .from(this.#table)
        .where(and(...this.#pkWhere(pkValues, bind), ...this.#scope(db, parentRefs, bind)))
        .limit(1),
    );
    return rows[0];
  }

  /** Deletes the row with this key inside the parent chain; the deleted row. */
  async deleteOne(db: LooseDb, pkValues: PkValues, parentRefs?: readonly ParentRef[]): Promise<Row | undefined> {
    if (db !== this.#fixedDb || this.#info.dialect === 'mysql') {
      const removed = await removeRow(db, this.#info, columnValues(this.#info, pkValues), (tx) =>
        this.#scope(tx, parentRefs),
      );
      return removed ?? undefined;
    }
    const rows = await this.#byKey('delete', db, parentRefs, pkValues, (bind) =>
      db
        .delete(this.#table)
        .where(and(...this.#pkWhere(pkValues, bind), ...this.#scope(db, parentRefs, bind)))
        .returning(rowColumns(this.#table)),
    );
    return rows[0];
  }

  /**
   * Inserts one row (no parents) and returns it; `values` already converted.
   * Prepared per set of given fields unless an omitted column is filled by a
   * client-side function (Drizzle would bake one value into the statement).
   * Values are bare placeholders: Drizzle wraps them with the column's encoder.
   */
  async insert(db: LooseDb, values: Row): Promise<Row> {
    const shape = this.#preparable(db, this.#inserts, 'insert', values);
    if (!shape) return insertRow(db, this.#info, values);
    const statement = this.#statement(shape.key, () => {
      const bind = placeholderBinder();
      const row = Object.fromEntries(shape.fields.map((f) => [f, bind(undefined)]));
      return db.insert(this.#table).values(row).returning(rowColumns(this.#table));
    });
    const [row] = await statement.run(shape.fields.map((f) => values[f]));
    return row as Row;
  }

  /**
   * Updates the row with this key inside the parent chain; the updated row (only
   * its key with `returning: 'key'`, read back without relation keys), or `null`.
   */
  async update(
    db: LooseDb,
    pkValues: PkValues,
    values: Row,
    parentRefs: readonly ParentRef[] | undefined,
    returning: UpdateReturning,
  ): Promise<Row | null> {
    const pk = columnValues(this.#info, pkValues);
    const shape = this.#preparable(db, this.#updates, UPDATE_KIND[returning], values, parentRefs);
    if (!shape) return updateRow(db, this.#info, pk, values, (tx) => this.#scope(tx, parentRefs), returning);
    const keyOnly = returning === 'key';
    const statement = this.#statement(
      shape.key,
      () => {
        const bind = placeholderBinder();
        const set = Object.fromEntries(shape.fields.map((f) => [f, bind(undefined)]));
        const where = and(...this.#pkWhere(pkValues, bind), ...this.#scope(db, parentRefs, bind));
        return db
          .update(this.#table)
          .set(set)
          .where(where)
          .returning(keyOnly ? rowKeyColumns(this.#table, this.#info.primaryKey) : rowColumns(this.#table));
      },
      keyOnly ? [] : undefined,
    );
    const params = shape.fields.map((f) => values[f]);
    for (const f of this.#info.primaryKey) params.push(pk[f]);
    const [row] = await statement.run(parentScopeValues(parentRefs, primaryKeyOf, params));
    return (row as Row | undefined) ?? null;
  }

  /** Prepares include loads on PostgreSQL with the own `db` (array parameters); `undefined` elsewhere. */
  includePreparer(db: LooseDb): IncludePreparer | undefined {
    if (db !== this.#fixedDb || this.#info.dialect !== 'pg') return undefined;
    return (key, build) => this.#statement(key, build, []);
  }

  /** The page and count queries of a list; `filters` already converted with `columnValues`. */
  list(db: LooseDb, filters: FilterData, sortData: SortData, parentRefs?: readonly ParentRef[]): PageSource<Row> {
    const build = (bind: Binder) => ({
      where: and(...filterConditions(this.#info, filters, bind), ...this.#scope(db, parentRefs, bind)),
      order: orderTerms(this.#info, sortData),
    });
    const select = (where: SQL | undefined, order: SQL[], limit: unknown, offset: unknown) =>
      db
        .select(rowColumns(this.#table))
        .from(this.#table)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
    const counter = (where: SQL | undefined) => db.select({ n: count() }).from(this.#table).where(where);
    if (db !== this.#fixedDb || this.#info.dialect === 'mysql') {
      const { where, order } = build(bindValue);
      return {
        fetch: (limit, offset) => select(where, order, limit, offset),
        count: async () => Number((await counter(where))[0]?.n ?? 0),
      };
    }
    const shape = `${filterShape(filters)}|${sortShape(sortData)}${chains.shape(parentRefs)}`;
    const params = parentScopeValues(parentRefs, primaryKeyOf, filterParams(filters));
    const page = this.#statement(`list|${shape}`, () => {
      const bind = placeholderBinder();
      const { where, order } = build(bind);
      return select(where, order, bind(0), bind(0));
    });
    const total = this.#statement(`count|${shape}`, () => counter(build(placeholderBinder()).where));
    return {
      fetch: (limit, offset) => page.run([...params, limit, offset]),
      count: async () => Number((await total.run(params))[0]?.n ?? 0),
    };
  }

  /**
   * The shape of a write that can be prepared (own `db`, not MySQL, and no
   * omitted column filled on the client), or `undefined`.
   */
  #preparable(
    db: LooseDb,
    shapes: WriteShapes<WriteShape>,
    kind: string,
    values: Row,
    parentRefs?: readonly ParentRef[],
  ): WriteShape | undefined {
    if (db !== this.#fixedDb || this.#info.dialect === 'mysql') return undefined;
    const shape = shapes.get(chains.key(kind, parentRefs), values);
    return shape.preparable ? shape : undefined;
  }

  /** A write of `fields` under a chain, prepared unless an omitted column is filled by `clientFill`. */
  #writeShape(chainKey: string, fields: string[], clientFill: (column: Column) => unknown): WriteShape {
    const given = new Set(fields);
    const preparable = Object.entries(this.#info.columns).every(
      ([field, column]) => given.has(field) || !clientFill(column),
    );
    return { key: `${chainKey}|${fields.join(',')}`, fields, preparable };
  }

  #pkWhere(pkValues: PkValues, bind: Binder): SQL[] {
    return pkEquals(this.#table, this.#table, columnValues(this.#info, pkValues), bind);
  }

  #scope(db: LooseDb, parentRefs: readonly ParentRef[] | undefined, bind: Binder = bindValue): SQL[] {
    return scopeConditions(db, this.#table, planParentScope(parentRefs), bind);
  }

  /** Runs a by-key query as a cached prepared statement (fixed `db`), or directly. */
  #byKey(
    kind: string,
    db: LooseDb,
    parentRefs: readonly ParentRef[] | undefined,
    pkValues: PkValues,
    build: (bind: Binder) => LooseDb,
  ): PromiseLike<Row[]> {
    if (db !== this.#fixedDb) return build(bindValue);
    const statement = this.#statement(chains.key(kind, parentRefs), () => build(placeholderBinder()));
    const converted = columnValues(this.#info, pkValues);
    const values = this.#info.primaryKey.map((f) => converted[f]);
    return statement.run(parentScopeValues(parentRefs, primaryKeyOf, values));
  }

  /**
   * A cached prepared statement, named (on PostgreSQL) after its table and
   * shape. Its rows come with `nullKeys` set, by default this table's relation keys.
   */
  #statement(key: string, build: () => LooseDb, nullKeys?: readonly string[]): Prepared {
    const cached = this.#statements.get(key);
    if (cached) return cached;
    const digest = createHash('sha1').update(key).digest('hex').slice(0, 20);
    const name = `cc_${this.#info.name.replace(/\W/g, '').slice(0, 30)}_${digest}`;
    const prepared = prepareQuery(this.#info.dialect, build(), name, nullKeys ?? this.#relationKeys());
    return this.#statements.set(key, prepared);
  }
}

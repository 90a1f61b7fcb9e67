/**
 * `TypeORMAdapter`: the core's adapter interface over a TypeORM `DataSource`
 * or per-request `EntityManager`s. Metadata is read and compiled once; each
 * request runs a fixed number of parameterised statements.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import {
  type CRUDConfigDict,
  type CRUDConfigInit,
  type FilterData,
  type IncludeData,
  type ModelMeta,
  ORMAdapterBase,
  type Page,
  type PaginatorBase,
  ParentNotFoundError,
  type ParentRef,
  type PkValues,
  parentKeyValues,
  planParentExists,
  planParentScope,
  type Row,
  type SortData,
} from 'crud-collection';
import type { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, QueryResult } from 'typeorm';
import { describeEntity } from './describe-entity.ts';
import { SqlParams } from './dialect.ts';
import { type EntityModel, entityModel } from './entity-model.ts';
import { translateDbError } from './errors.ts';
import { type IncludeContext, loadIncludes } from './includes.ts';
import { equalsSql, existsSql, keySql, type ScopeContext, scopeSql } from './scope.ts';
import { type GetSession, withSession } from './session.ts';

/** Options of {@link TypeORMAdapter}: a `dataSource`, a `getSession`, or both. */
export interface TypeORMAdapterOptions<T extends ObjectLiteral = ObjectLiteral> {
  /** The data source; its metadata describes the model, its manager runs queries unless `getSession` is given. */
  dataSource?: DataSource;
  /** Yields the `EntityManager` of one request (async function or async generator). */
  getSession?: GetSession;
  /** An entity class, `EntitySchema` or entity name. */
  model: EntityTarget<T>;
  /** Field sets; else the entity's `static crudConfig`. */
  crudConfig?: CRUDConfigDict | CRUDConfigInit;
}

const integer = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Invalid limit or offset: ${n}`);
  return n;
};

/**
 * The TypeORM adapter. Rows are plain objects keyed by property names, with
 * every relation key present (`null` unless included). Database constraint
 * errors become `HttpError`s (409 `conflict`, 422 `validation_failed`).
 *
 * @example
 * ```ts
 * const dataSource = await new DataSource({ type: 'postgres', url, entities: [Post, Thread] }).initialize();
 * const posts = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Post }) });
 * // or per request, e.g. inside a transaction the app opened:
 * new TypeORMAdapter({ dataSource, model: Post, getSession: async () => requestContext.get('manager') });
 * ```
 */
export class TypeORMAdapter<T extends ObjectLiteral = ObjectLiteral> extends ORMAdapterBase<EntityTarget<T>> {
  #dataSource: DataSource | undefined;
  readonly #getSession: GetSession | undefined;
  readonly #models = new Map<unknown, EntityModel>();
  #byName: Map<string, EntityMetadata> | undefined;
  #entity: EntityModel | undefined;

  constructor(options: TypeORMAdapterOptions<T>) {
    super(options.model, options.crudConfig);
    if (!options.dataSource && !options.getSession) {
      throw new TypeError('TypeORMAdapter needs a dataSource or a getSession');
    }
    this.#dataSource = options.dataSource;
    this.#getSession = options.getSession;
  }

  /** The data source the metadata comes from. */
  get dataSource(): DataSource {
    if (!this.#dataSource) {
      throw new TypeError(
        'TypeORMAdapter: pass `dataSource`, or `await adapter.init()` when only `getSession` is given',
      );
    }
    return this.#dataSource;
  }

  /**
   * Opens one session to learn the data source when only `getSession` was given.
   *
   * @example
   * ```ts
   * const adapter = await new TypeORMAdapter({ getSession, model: Post }).init();
   * ```
   */
  async init(): Promise<this> {
    const getSession = this.#getSession;
    if (!this.#dataSource && getSession) {
      this.#dataSource = await withSession(getSession, async (manager) => manager.dataSource);
    }
    return this;
  }

  /** This adapter's model compiled for SQL. */
  get entity(): EntityModel {
    this.#entity ??= this.#modelOf(this.model);
    return this.#entity;
  }

  /** Describes this entity, another entity (class, schema, name) or a model by table name. */
  describe(model?: unknown): ModelMeta {
    return describeEntity(this.#metadataOf(model ?? this.model));
  }

  async getOne(pkValues: PkValues, includeData: IncludeData, parentRefs?: readonly ParentRef[]): Promise<Row | null> {
    const e = this.entity;
    const ctx = this.#scope(new SqlParams(e.dialect));
    const where = [
      ...keySql(e, e.table, pkValues, ctx.params),
      ...scopeSql(planParentScope(parentRefs), e, e.table, ctx),
    ];
    const sql = `SELECT ${e.selectList(e.table)} FROM ${e.table} WHERE ${where.join(' AND ')}`;
    return this.#session(async (manager) => {
      const [raw] = (await this.#exec(manager, sql, ctx.params.values)).records;
      if (!raw) return null;
      const row = e.hydrate(raw);
      await loadIncludes(e, [row], includeData, this.#includes(manager));
      return row;
    });
  }

  async getMany(
    filterData: FilterData,
    sortData: SortData,
    includeData: IncludeData,
    paginator: PaginatorBase,
    parentRefs?: readonly ParentRef[],
  ): Promise<Page<Row>> {
    const e = this.entity;
    const ctx = this.#scope(new SqlParams(e.dialect));
    const where: string[] = [];
    for (const name in filterData) {
      const info = e.byWire.get(name);
      if (info && filterData[name] !== undefined) {
        where.push(equalsSql(e, e.table, info, filterData[name], ctx.params));
      }
    }
    where.push(...scopeSql(planParentScope(parentRefs), e, e.table, ctx));
    const from = `FROM ${e.table}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const select = `SELECT ${e.selectList(e.table)} ${from} ORDER BY ${this.#orderBy(sortData)}`;
    const count = `SELECT COUNT(*) AS ${e.dialect.escape('count')} ${from}`;
    const values = ctx.params.values;
    return this.#session((manager) =>
      paginator.paginate({
        fetch: async (limit, offset) => {
          const sql = `${select} LIMIT ${integer(limit)} OFFSET ${integer(offset)}`;
          const rows = (await this.#exec(manager, sql, values)).records.map((raw) => e.hydrate(raw));
          await loadIncludes(e, rows, includeData, this.#includes(manager));
          return rows;
        },
        count: async () => Number((await this.#exec(manager, count, values)).records[0]?.count ?? 0),
      }),
    );
  }

  async createOne(data: Row, parentRefs?: readonly ParentRef[]): Promise<Row> {
    const e = this.entity;
    const values: Row = { ...data, ...parentKeyValues(parentRefs) };
    for (const info of e.clientUuid) values[info.wire] ??= randomUUID();
    const picked = e.pick(values);
    const params = new SqlParams(e.dialect);
    const marks = picked.map(([info, value]) => params.add(e.persist(info, value)));
    const columns = picked.map(([info]) => info.sql).join(', ');
    let sql = `INSERT INTO ${e.table} `;
    if (picked.length > 0) sql += `(${columns}) VALUES (${marks.join(', ')})`;
    else sql += e.dialect.family === 'mysql' ? '() VALUES ()' : 'DEFAULT VALUES';
    if (e.dialect.returning) sql += ` RETURNING ${e.selectList('')}`;
    const plan = planParentExists(parentRefs ?? []);
    const parentExists = plan?.kind === 'exists' ? plan : undefined;

    const insert = async (manager: EntityManager): Promise<Row> => {
      if (parentExists) {
        const check = this.#scope(new SqlParams(e.dialect));
        const found = e.dialect.escape('found');
        const exists = `SELECT CASE WHEN ${existsSql(parentExists, check)} THEN 1 ELSE 0 END AS ${found}`;
        const [row] = (await this.#exec(manager, exists, check.params.values)).records;
        if (Number(row?.found) !== 1) throw new ParentNotFoundError();
      }
      const result = await this.#exec(manager, sql, params.values);
      if (e.dialect.returning) return e.hydrate(result.records[0] as Record<string, unknown>);
      const key: Row = {};
      for (const info of e.primary) {
        key[info.wire] =
          values[info.wire] ?? (info.column.isGenerated ? (result.raw as { insertId?: unknown }).insertId : null);
      }
      return this.#reread(manager, key);
    };
    return this.#session(async (manager) => {
      const row = parentExists ? await manager.transaction(insert) : await insert(manager);
      await loadIncludes(e, [row], [], this.#includes(manager));
      return row;
    });
  }

  async updateOne(pkValues: PkValues, data: Row, parentRefs?: readonly ParentRef[]): Promise<Row | null> {
    const e = this.entity;
    const picked = e.pick(data);
    if (picked.length === 0) return this.getOne(pkValues, [], parentRefs);
    const ctx = this.#scope(new SqlParams(e.dialect));
    const sets = picked.map(([info, value]) => `${info.sql} = ${ctx.params.add(e.persist(info, value))}`);
    for (const info of e.updateDate) {
      if (!(info.wire in data))
        sets.push(`${info.sql} = ${e.dialect.family === 'mysql' ? 'CURRENT_TIMESTAMP(6)' : 'CURRENT_TIMESTAMP'}`);
    }
    const where = [
      ...keySql(e, e.table, pkValues, ctx.params),
      ...scopeSql(planParentScope(parentRefs), e, e.table, ctx),
    ];
    let sql = `UPDATE ${e.table} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}`;
    if (e.dialect.returning) sql += ` RETURNING ${e.selectList('')}`;
    return this.#session(async (manager) => {
      const result = await this.#exec(manager, sql, ctx.params.values);
      let row: Row | null;
      if (e.dialect.returning) {
        const [raw] = result.records;
        row = raw ? e.hydrate(raw) : null;
      } else {
        // MySQL reports matched rows (FOUND_ROWS), so an update to equal values still counts
        row = result.affected
          ? await this.#reread(manager, { ...pkValues, ...e.keyOf({ ...pkValues, ...data }) })
          : null;
      }
      if (row) await loadIncludes(e, [row], [], this.#includes(manager));
      return row;
    });
  }

  async deleteOne(pkValues: PkValues, parentRefs?: readonly ParentRef[]): Promise<Row | null> {
    const e = this.entity;
    const ctx = this.#scope(new SqlParams(e.dialect));
    const where = [
      ...keySql(e, e.table, pkValues, ctx.params),
      ...scopeSql(planParentScope(parentRefs), e, e.table, ctx),
    ];
    const sql = `DELETE FROM ${e.table} WHERE ${where.join(' AND ')}`;
    const values = ctx.params.values;
    return this.#session(async (manager) => {
      let row: Row | null = null;
      if (e.dialect.returning) {
        const [raw] = (await this.#exec(manager, `${sql} RETURNING ${e.selectList('')}`, values)).records;
        if (raw) row = e.hydrate(raw);
      } else {
        const select = `SELECT ${e.selectList(e.table)} FROM ${e.table} WHERE ${where.join(' AND ')}`;
        const [raw] = (await this.#exec(manager, select, values)).records;
        if (raw && (await this.#exec(manager, sql, values)).affected) row = e.hydrate(raw);
      }
      if (row) await loadIncludes(e, [row], [], this.#includes(manager));
      return row;
    });
  }

  /** `ORDER BY` terms: the requested ones (a field once), then the primary key for stable pages; NULLs first ascending. */
  #orderBy(sortData: SortData): string {
    const e = this.entity;
    const seen = new Set<string>();
    const terms: string[] = [];
    const add = (wire: string, desc: boolean) => {
      const info = e.byWire.get(wire);
      if (!info || seen.has(wire)) return;
      seen.add(wire);
      const nulls =
        e.dialect.family === 'postgres' && info.column.isNullable ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
      terms.push(`${e.table}.${info.sql} ${desc ? 'DESC' : 'ASC'}${nulls}`);
    };
    for (const term of sortData) add(term.field, term.direction === 'desc');
    for (const info of e.primary) add(info.wire, false);
    return terms.join(', ');
  }

  /** Reads one row back by primary key (MySQL/MariaDB, which have no `RETURNING`). */
  async #reread(manager: EntityManager, key: Row): Promise<Row> {
    const e = this.entity;
    const params = new SqlParams(e.dialect);
    const sql = `SELECT ${e.selectList(e.table)} FROM ${e.table} WHERE ${keySql(e, e.table, key, params).join(' AND ')}`;
    const [raw] = (await this.#exec(manager, sql, params.values)).records;
    if (!raw) throw new Error(`${e.name}: the written row could not be read back`);
    return e.hydrate(raw);
  }

  /** Runs one statement on the manager's query runner (or a pooled one), translating constraint errors. */
  async #exec(manager: EntityManager, sql: string, params: unknown[]): Promise<QueryResult> {
    const runner = manager.queryRunner ?? manager.dataSource.createQueryRunner();
    try {
      return await runner.query(sql, params, true);
    } catch (error) {
      return translateDbError(error, (name) => this.entity.columns.find((c) => c.column.databaseName === name)?.wire);
    } finally {
      if (!manager.queryRunner) await runner.release();
    }
  }

  #session<R>(work: (manager: EntityManager) => Promise<R>): Promise<R> {
    return this.#getSession ? withSession(this.#getSession, work) : work(this.dataSource.manager);
  }

  #scope(params: SqlParams): ScopeContext {
    return { params, resolve: (model) => this.#modelOf(model), aliases: 0 };
  }

  #includes(manager: EntityManager): IncludeContext {
    return {
      query: async (sql, params) => (await this.#exec(manager, sql, params)).records,
      model: (metadata) => entityModel(metadata, this.dataSource),
    };
  }

  #modelOf(model: unknown): EntityModel {
    let compiled = this.#models.get(model);
    if (!compiled) {
      compiled = entityModel(this.#metadataOf(model), this.dataSource);
      this.#models.set(model, compiled);
    }
    return compiled;
  }

  /** Metadata of an entity target, or of a model by table name (preferring an entity over a junction) or entity name. */
  #metadataOf(model: unknown): EntityMetadata {
    const dataSource = this.dataSource;
    if (typeof model !== 'string') return dataSource.getMetadata(model as EntityTarget<ObjectLiteral>);
    if (!this.#byName) {
      this.#byName = new Map();
      const ordered = [...dataSource.entityMetadatas].sort(
        (a, b) => Number(a.tableType === 'junction') - Number(b.tableType === 'junction'),
      );
      for (const metadata of ordered) {
        for (const name of [metadata.tableName.toLowerCase(), metadata.name, metadata.targetName]) {
          if (!this.#byName.has(name)) this.#byName.set(name, metadata);
        }
      }
    }
    const metadata = this.#byName.get(model) ?? this.#byName.get(model.toLowerCase());
    if (!metadata) throw new TypeError(`TypeORMAdapter: no entity named "${model}"`);
    return metadata;
  }
}

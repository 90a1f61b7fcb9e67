/**
 * The adapter's writes as SQL: insert (after a parent-exists check when the
 * parent is not a key of the row), update and delete, each scoped to the
 * parent chain. Where the dialect returns rows from writes the written row
 * comes back with `RETURNING`; elsewhere (MySQL/MariaDB, Sequelize's SQLite)
 * it is read back by primary key (or before deleting it). Each
 * statement's text is built once per shape (written fields, parent chain).
 *
 * @module
 */
import {
  type ExistsCondition,
  type ParentLinkWrite,
  ParentNotFoundError,
  type ParentRef,
  type PkValues,
  parentExistsValues,
  parentKeyValues,
  planParentExists,
  planParentLink,
  type Row,
  type UpdateReturning,
} from 'ormcrud';
import { nowSql } from './dialect.ts';
import { prepareSelectOne } from './read-queries.ts';
import { columnOf, existsSql, keySql, rowWhere, type ScopeContext } from './scope.ts';
import type { Executor, SqlColumn, SqlModel } from './sql-model.ts';
import type { ModelStatements } from './statements.ts';

/** A write of at most one row, ready to run; yields the row as written (relations not loaded), or `null`. */
export type WriteOne = (exec: Executor) => Promise<Row | null>;

/** An insert, ready to run. */
export interface Insert {
  /** The insert checks its parent first, so the check and the insert belong in one transaction. */
  readonly transactional: boolean;
  /** Runs the check (if any) and the insert; yields the inserted row (relations not loaded). */
  run(exec: Executor): Promise<Row>;
}

/** A placeholder whose value converts as `info`'s column. */
const placeholder = (e: SqlModel, info: SqlColumn, ctx: ScopeContext) =>
  ctx.params.add((value) => e.persist(info, value));

/**
 * `INSERT` of `data` plus the parent's key values, client-side defaults filled in;
 * a parent chain is checked with `SELECT CASE WHEN EXISTS …` first (a missing
 * parent throws `ParentNotFoundError`). Under a parent that holds the key (a
 * reverse nest) the parent is then pointed at the new row, so it is found
 * where it was created.
 *
 * @example
 * ```ts
 * const insert = prepareInsert(statements, { body: 'Hi' }, parentRefs);
 * const row = insert.transactional
 *   ? await manager.transaction((tx) => insert.run(executorOf(tx, post)))
 *   : await insert.run(executorOf(manager, post));
 * ```
 */
export function prepareInsert(q: ModelStatements, data: Row, parentRefs: readonly ParentRef[] | undefined): Insert {
  const e = q.model;
  const values: Row = { ...data, ...parentKeyValues(parentRefs) };
  for (const info of e.insertDefaults) values[info.wire] ??= info.insertDefault?.();
  const { key, columns } = q.written('insert', undefined, values);
  const insert = q.get(key, (ctx) => {
    let sql = `INSERT INTO ${e.table} `;
    if (columns.length > 0) {
      const marks = columns.map((info) => placeholder(e, info, ctx));
      sql += `(${columns.map((info) => info.sql).join(', ')}) VALUES (${marks.join(', ')})`;
    } else sql += e.dialect.family === 'mysql' ? '() VALUES ()' : 'DEFAULT VALUES';
    return e.dialect.returning ? `${sql} RETURNING ${e.selectList('')}` : sql;
  });
  const bound = insert.params.bind(columns.map((info) => values[info.wire]));
  const check = parentRefs && parentRefs.length > 0 ? parentCheck(q, parentRefs) : undefined;
  const link = planParentLink(parentRefs);

  const inserted = async (exec: Executor): Promise<Row> => {
    const result = await exec(insert.sql, bound);
    if (e.dialect.returning) return e.hydrate(result.records[0] as Record<string, unknown>);
    const key: Row = {};
    for (const info of e.primary) {
      key[info.wire] = values[info.wire] ?? (info.generated ? result.insertId : null);
    }
    return reread(q, exec, key);
  };
  const run = async (exec: Executor): Promise<Row> => {
    if (check) {
      const [row] = (await exec(check.sql, check.values)).records;
      if (Number(row?.found) !== 1) throw new ParentNotFoundError();
    }
    const row = await inserted(exec);
    if (link) await linkParent(q, exec, link, row);
    return row;
  };
  return { transactional: check !== undefined, run };
}

/** `UPDATE <parent> SET <its key to the new row> WHERE <parent key>`: the reverse nest's second write. */
async function linkParent(q: ModelStatements, exec: Executor, link: ParentLinkWrite, row: Row): Promise<void> {
  const parent = q.resolve(link.model);
  const { sql, params } = q.get(`link|${parent.name}|${link.fields.join(',')}`, (ctx) => {
    const sets = link.fields.map((field) => {
      const info = columnOf(parent, field);
      return `${info.sql} = ${placeholder(parent, info, ctx)}`;
    });
    return `UPDATE ${parent.table} SET ${sets.join(', ')} WHERE ${keySql(parent, parent.table, ctx.params).join(' AND ')}`;
  });
  const values = link.from.map((field) => row[field]);
  for (const field of parent.primaryKey) values.push(link.pkValues[field]);
  // Checked inside the same transaction just before: a parent gone since is a race, and rolls the insert back.
  if (!(await exec(sql, params.bind(values))).affected) throw new ParentNotFoundError();
}

/** `SELECT CASE WHEN EXISTS (<the nearest parent, inside its ancestors>) THEN 1 ELSE 0 END AS found`. */
function parentCheck(q: ModelStatements, parentRefs: readonly ParentRef[]) {
  const { sql, params } = q.get(q.key('exists', parentRefs), (ctx) => {
    // Defined: the chain is not empty.
    const exists = existsSql(planParentExists(parentRefs) as ExistsCondition, ctx);
    return `SELECT CASE WHEN ${exists} THEN 1 ELSE 0 END AS ${q.model.dialect.escape('found')}`;
  });
  return { sql, values: params.bind(parentExistsValues(parentRefs, q.primaryKeyOf)) };
}

/**
 * `UPDATE … SET` the model fields of `data` (and the touched columns not given: `updatedAt`, a version counter)
 * `WHERE pk = … AND <parent scope>`; `undefined` when `data` sets no column.
 * With `returning: 'key'` nothing is read back: the write yields the row's key.
 *
 * @example
 * ```ts
 * const update = prepareUpdate(statements, { id: 7 }, { body: 'Edited' }, parentRefs);
 * const row = update ? await update(exec) : await prepareSelectOne(statements, { id: 7 }, parentRefs)(exec);
 * ```
 */
export function prepareUpdate(
  q: ModelStatements,
  pkValues: PkValues,
  data: Row,
  parentRefs: readonly ParentRef[] | undefined,
  returning: UpdateReturning = 'row',
): WriteOne | undefined {
  const e = q.model;
  const readBack = returning === 'row' && e.dialect.returning;
  // Keyed by what the text depends on: with no RETURNING (MySQL) both modes share one statement.
  const { key, columns } = q.written(readBack ? 'update-row' : 'update-count', parentRefs, data);
  if (columns.length === 0) return undefined;
  const update = q.get(key, (ctx) => {
    const sets = columns.map((info) => `${info.sql} = ${placeholder(e, info, ctx)}`);
    for (const info of e.touched) {
      if (columns.includes(info)) continue;
      sets.push(`${info.sql} = ${info.onUpdate === 'increment' ? `${info.sql} + 1` : nowSql(e.dialect)}`);
    }
    const sql = `UPDATE ${e.table} SET ${sets.join(', ')} WHERE ${rowWhere(e, parentRefs, ctx).join(' AND ')}`;
    return readBack ? `${sql} RETURNING ${e.selectList('')}` : sql;
  });
  const bound = update.params.bind(
    q.rowValues(
      pkValues,
      parentRefs,
      columns.map((info) => data[info.wire]),
    ),
  );
  return async (exec) => {
    const result = await exec(update.sql, bound);
    if (readBack) {
      const [raw] = result.records;
      return raw ? e.hydrate(raw) : null;
    }
    // The counts are of matched rows (MySQL through FOUND_ROWS), so an update to equal values still counts
    if (!result.affected) return null;
    const key = { ...pkValues, ...e.keyOf({ ...pkValues, ...data }) };
    return returning === 'key' ? key : await reread(q, exec, key);
  };
}

/**
 * `DELETE … WHERE pk = … AND <parent scope>`, yielding the deleted row: through
 * `RETURNING`, or (MySQL/MariaDB) a `SELECT` of the row before deleting it.
 *
 * @example
 * ```ts
 * const removed = await prepareDelete(statements, { id: 7 }, parentRefs)(exec);
 * ```
 */
export function prepareDelete(
  q: ModelStatements,
  pkValues: PkValues,
  parentRefs: readonly ParentRef[] | undefined,
): WriteOne {
  const e = q.model;
  const where = (ctx: ScopeContext) => rowWhere(e, parentRefs, ctx).join(' AND ');
  if (e.dialect.returning) {
    const { sql, params } = q.get(
      q.key('delete', parentRefs),
      (ctx) => `DELETE FROM ${e.table} WHERE ${where(ctx)} RETURNING ${e.selectList('')}`,
    );
    const values = params.bind(q.rowValues(pkValues, parentRefs));
    return async (exec) => {
      const [raw] = (await exec(sql, values)).records;
      return raw ? e.hydrate(raw) : null;
    };
  }
  // The read is get-one's own statement (the same text), so it is kept once.
  const read = prepareSelectOne(q, pkValues, parentRefs);
  const remove = q.get(q.key('delete', parentRefs), (ctx) => `DELETE FROM ${e.table} WHERE ${where(ctx)}`);
  const values = remove.params.bind(q.rowValues(pkValues, parentRefs));
  return async (exec) => {
    const row = await read(exec);
    return row && (await exec(remove.sql, values)).affected ? row : null;
  };
}

/**
 * Reads one row back by primary key (where writes return no rows), through
 * get-one's statement without parents: its text is exactly the key-only read.
 */
async function reread(q: ModelStatements, exec: Executor, key: Row): Promise<Row> {
  const row = await prepareSelectOne(q, key, undefined)(exec);
  if (!row) throw new Error(`${q.model.name}: the written row could not be read back`);
  return row;
}

/**
 * Inserts, scoped to the parent chain. Under parents the chain must exist:
 * where the dialect allows, one `INSERT … SELECT … WHERE EXISTS` checks and
 * writes at once; else a `SELECT CASE WHEN EXISTS …` check and the insert
 * run in one transaction. Under a parent that holds the key (a reverse nest)
 * the parent is then pointed at the new row, in the same transaction. The row comes back through
 * `RETURNING`, or is read back by key.
 *
 * @module
 */
import type { Row } from '../core/adapter-data.ts';
import { ParentNotFoundError } from '../core/errors.ts';
import { modelId, type ParentRef } from '../core/parent-scope.ts';
import type { Column } from './compiled-column.ts';
import { type Executor, type PreparedWrite, rowsOf, type SqlResult } from './executor.ts';
import { fillSql, fillsKey, fillValues, onInsert } from './fills.ts';
import {
  type ExistsCondition,
  type ParentLinkWrite,
  parentExistsValues,
  parentKeyValues,
  planParentExists,
  planParentLink,
} from './parent-plan.ts';
import { reread } from './reads.ts';
import { RefusedValue } from './refused-value.ts';
import { existsSql, keySql, type ScopeContext } from './scope.ts';
import { SqlExpression } from './sql-expression.ts';
import type { ModelStatements } from './statements.ts';

/** The nearest parent inside its ancestors, as an `EXISTS` (the chain is not empty). */
const parentExists = (parentRefs: readonly ParentRef[], ctx: ScopeContext) =>
  existsSql(planParentExists(parentRefs) as ExistsCondition, ctx);

/**
 * `INSERT` of `data` plus the parent's key values and the columns the model
 * fills itself, yielding the row; a missing parent chain throws `ParentNotFoundError`.
 *
 * @example
 * ```ts
 * const insert = prepareInsert(statements, { slug: 'hi' }, parents);
 * const row = insert.transactional ? await session.transaction((tx) => insert.run(tx)) : await insert.run(exec);
 * ```
 */
export function prepareInsert(
  q: ModelStatements,
  data: Row,
  parentRefs: readonly ParentRef[] | undefined,
): PreparedWrite<Row> {
  const model = q.model;
  const { dialect } = model;
  const fromParent = parentKeyValues(parentRefs);
  const values: Row = { ...data, ...fromParent };
  // Values made per insert are given like the rest: a key among them reads the row back. SQL made per
  // insert is filled in the statement's text.
  let madeSql: Map<Column, SqlExpression> | undefined;
  for (const column of model.insertFills) {
    const fill = column.onInsert;
    if (fill?.kind !== 'value' || values[column.field] !== undefined) continue;
    const made = fill.value();
    if (!(made instanceof SqlExpression)) values[column.field] = made;
    else {
      madeSql ??= new Map();
      madeSql.set(column, made);
    }
  }
  // Without RETURNING the row is read back by its key, which SQL in the statement leaves unknown.
  const unknownKey = madeSql && !dialect.returning && model.primary.find((c) => madeSql.has(c) && !c.autoIncrement);
  if (unknownKey) {
    throw new TypeError(
      `Model "${model.name}": its key "${unknownKey.field}" is filled with SQL, which leaves an insert's row unknown here`,
    );
  }
  const parents = parentRefs && parentRefs.length > 0 ? parentRefs : undefined;
  const shape = q.written('insert', parents, values);
  const made = madeSql ? shape.insertFilled.map((c) => madeSql.get(c)) : [];
  const written = [...shape.columns, ...shape.insertFilled];
  // Guarded: the check is part of the insert (it needs a column to select).
  const guarded = parents !== undefined && dialect.guardedInsert && written.length > 0;
  const insert = q.get(`${shape.key}${guarded ? '|guarded' : ''}${fillsKey(made)}`, (ctx) => {
    const marks = shape.columns.map((c) => ctx.params.add(c.encode));
    for (const [i, column] of shape.insertFilled.entries())
      marks.push(fillSql(model, column, onInsert, ctx.params, made[i]));
    const into = `INSERT INTO ${model.table}`;
    let sql: string;
    if (written.length === 0) sql = dialect.insertDefaults(model.table);
    else if (guarded) sql = `${into} (${written.map((c) => c.sql).join(', ')}) SELECT ${marks.join(', ')}`;
    else sql = `${into} (${written.map((c) => c.sql).join(', ')}) VALUES (${marks.join(', ')})`;
    if (guarded) sql += ` WHERE ${parentExists(parents, ctx)}`;
    if (!dialect.returning) return sql;
    const selection = model.rows('');
    return { sql: `${sql} RETURNING ${selection.list}`, selection };
  });
  const raw = fillValues(
    shape.insertFilled,
    onInsert,
    made,
    shape.columns.map((c) => values[c.field]),
  );
  const filled = raw.length;
  if (guarded) parentExistsValues(parents, q.primaryKeyOf, raw);
  const bound = insert.params.bindOrRefusal(raw);
  if (bound instanceof RefusedValue) {
    const field = bound.index < filled ? (shape.columns[bound.index]?.field ?? '') : undefined;
    throw refusedInsert(bound, field, data, fromParent);
  }
  const check = parents && !guarded ? parentCheck(q, parents) : undefined;
  const link = planParentLink(parentRefs);

  const inserted = async (exec: Executor): Promise<Row> => {
    const result = await exec.run(insert, bound);
    if (guarded && !wrote(result)) throw new ParentNotFoundError();
    if (dialect.returning) return rowsOf(exec, insert, result)[0] as Row;
    const key: Row = {};
    for (const column of model.primary) {
      // The key the database wrote: MySQL generates one for a given 0 too, and reports a given one as it is.
      const generated = column.autoIncrement ? result.insertId : undefined;
      const wrote = generated !== undefined && generated !== null && Number(generated) !== 0;
      key[column.field] = wrote ? generated : (values[column.field] ?? null);
    }
    return reread(q, exec, key);
  };
  const run = async (exec: Executor): Promise<Row> => {
    if (check) {
      const [row] = (await exec.run(check.statement, check.values)).records;
      if (Number((row as { found?: unknown } | undefined)?.found) !== 1) throw new ParentNotFoundError();
    }
    const row = await inserted(exec);
    if (link && !(await linkParent(q, exec, link, row))) throw new ParentNotFoundError();
    return row;
  };
  // A read-back in the insert's transaction finds the row even if another client deletes it at its commit.
  return { transactional: check !== undefined || link !== undefined || !dialect.returning, run };
}

/**
 * The error of an insert whose value of `field` (`''`: a value it filled, `undefined`: a parent's key it
 * checks) the ORM's encoder refused: a body value is a 422 naming the field, a parent's key names no parent.
 */
function refusedInsert(refused: RefusedValue, field: string | undefined, data: Row, fromParent: Row): Error {
  if (field === undefined || field in fromParent) return new ParentNotFoundError();
  // A value the model fills itself is no request's: not the client's to fix.
  return field in data ? refused.inBody() : refused;
}

/** Whether a write wrote its row: rows back, or a count of one. */
const wrote = (result: SqlResult) => result.records.length > 0 || (result.affected ?? 0) > 0;

/** `UPDATE <parent> SET <its key to the new row> WHERE <parent key>`: the reverse nest's second write. */
async function linkParent(q: ModelStatements, exec: Executor, link: ParentLinkWrite, row: Row): Promise<boolean> {
  const parent = q.resolve(link.model);
  const statement = q.get(`link|${modelId(link.model)}|${link.fields.join(',')}`, (ctx) => {
    const sets = link.fields.map((field) => {
      const column = parent.column(field);
      return `${column.sql} = ${ctx.params.add(column.encode)}`;
    });
    return `UPDATE ${parent.table} SET ${sets.join(', ')} WHERE ${keySql(parent, parent.table, ctx.params).join(' AND ')}`;
  });
  const values = link.from.map((field) => row[field]);
  for (const field of parent.primaryKey) values.push(link.pkValues[field]);
  return wrote(await exec.run(statement, statement.params.bind(values)));
}

/** `SELECT CASE WHEN EXISTS (<the nearest parent, inside its ancestors>) THEN 1 ELSE 0 END AS found`. */
function parentCheck(q: ModelStatements, parentRefs: readonly ParentRef[]) {
  const statement = q.get(q.key('exists', parentRefs), (ctx) => {
    return `SELECT CASE WHEN ${parentExists(parentRefs, ctx)} THEN 1 ELSE 0 END AS ${q.model.dialect.quote('found')}`;
  });
  const values = statement.params.bindOrRefusal(parentExistsValues(parentRefs, q.primaryKeyOf));
  // A parent key the ORM's encoder refuses names no parent.
  if (values instanceof RefusedValue) throw new ParentNotFoundError();
  return { statement, values };
}

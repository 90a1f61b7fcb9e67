/**
 * Updates and deletes of one row by primary key, scoped to the parent chain.
 * Where the dialect returns rows from writes the row comes back with
 * `RETURNING`; elsewhere it is read back by key in the update's transaction
 * (or read, locked, before it is deleted in the same transaction).
 *
 * @module
 */
import type { PkValues, Row, UpdateReturning } from '../core/adapter-data.ts';
import type { ParentRef } from '../core/parent-scope.ts';
import { type Executor, type PreparedWrite, rowsOf } from './executor.ts';
import { fillSql, fillsKey, fillValues, makeFills, onUpdate } from './fills.ts';
import { prepareSelectOne, reread } from './reads.ts';
import { RefusedValue } from './refused-value.ts';
import { rowWhere } from './scope.ts';
import type { ModelStatements } from './statements.ts';

/** A write of at most one row; yields the row as written, or `null`. */
export type WriteOne = PreparedWrite<Row | null>;

/**
 * `UPDATE … SET` the fields of `data` (and the columns the model fills on
 * update) `WHERE pk = … AND <parent scope>`; `undefined` when `data` sets no
 * column. With `returning: 'key'` nothing is read back: the write yields the row's key.
 *
 * @example
 * ```ts
 * const update = prepareUpdate(statements, { id: 7 }, { slug: 'edited' }, parents);
 * const row = update && (await update.run(exec));
 * ```
 */
export function prepareUpdate(
  q: ModelStatements,
  pkValues: PkValues,
  data: Row,
  parentRefs: readonly ParentRef[] | undefined,
  returning: UpdateReturning = 'row',
): WriteOne | undefined {
  const model = q.model;
  const readBack = returning === 'row' && model.dialect.returning;
  // Keyed by what the text depends on: without RETURNING both modes share one statement.
  const shape = q.written(readBack ? 'update-row' : 'update-count', parentRefs, data);
  if (shape.columns.length === 0) return undefined;
  const made = makeFills(shape.updateFilled, onUpdate);
  const update = q.get(shape.key + fillsKey(made), (ctx) => {
    const sets = shape.columns.map((c) => `${c.sql} = ${ctx.params.add(c.encode)}`);
    for (const [i, c] of shape.updateFilled.entries())
      sets.push(`${c.sql} = ${fillSql(model, c, onUpdate, ctx.params, made[i])}`);
    const sql = `UPDATE ${model.table} SET ${sets.join(', ')} WHERE ${rowWhere(model, parentRefs, ctx).join(' AND ')}`;
    if (!readBack) return sql;
    const selection = model.rows('');
    return { sql: `${sql} RETURNING ${selection.list}`, selection };
  });
  const raw = fillValues(
    shape.updateFilled,
    onUpdate,
    made,
    shape.columns.map((c) => data[c.field]),
  );
  const filled = raw.length;
  const bound = update.params.bindOrRefusal(q.rowValues(pkValues, parentRefs, raw));
  if (bound instanceof RefusedValue) return refusedWrite(bound, shape.columns.length, filled);
  const run = async (exec: Executor) => {
    const result = await exec.run(update, bound);
    if (readBack) return rowsOf(exec, update, result)[0] ?? null;
    // Counts are of matched rows, so an update to equal values still finds its row.
    if (!result.affected) return null;
    const key = { ...pkValues, ...model.keyOf({ ...pkValues, ...data }) };
    return returning === 'key' ? key : await reread(q, exec, key);
  };
  // A read-back in the update's transaction reads this write, whatever another client does at its commit.
  return { transactional: returning === 'row' && !readBack, run };
}

/**
 * `DELETE … WHERE pk = … AND <parent scope>`, yielding the deleted row: through
 * `RETURNING`, or a locking `SELECT` of the row before deleting it, in one transaction.
 *
 * @example
 * ```ts
 * const removed = await prepareDelete(statements, { id: 7 }, parents).run(exec);
 * ```
 */
export function prepareDelete(
  q: ModelStatements,
  pkValues: PkValues,
  parentRefs: readonly ParentRef[] | undefined,
): WriteOne {
  const model = q.model;
  const returning = model.dialect.returning;
  const remove = q.get(q.key('delete', parentRefs), (ctx) => {
    const sql = `DELETE FROM ${model.table} WHERE ${rowWhere(model, parentRefs, ctx).join(' AND ')}`;
    if (!returning) return sql;
    const selection = model.rows('');
    return { sql: `${sql} RETURNING ${selection.list}`, selection };
  });
  const values = remove.params.bindOrRefusal(q.rowValues(pkValues, parentRefs));
  if (values instanceof RefusedValue) return refusedWrite(values, 0, 0);
  if (returning) {
    return {
      transactional: false,
      run: async (exec) => rowsOf(exec, remove, await exec.run(remove, values))[0] ?? null,
    };
  }
  // A locking read in the delete's transaction: another client's write to the row waits for its end,
  // or lands before the read, so the row answered is the row deleted.
  const read = prepareSelectOne(q, pkValues, parentRefs, true);
  const run = async (exec: Executor) => {
    const row = await read(exec);
    return row && (await exec.run(remove, values)).affected ? row : null;
  };
  return { transactional: true, run };
}

/**
 * The answer to a write whose value the ORM's encoder refused, its parameters the `given` body values, the
 * `filled` ones, then the key and parent keys: a body value is a 422 naming the field, a key names no row.
 */
function refusedWrite(refused: RefusedValue, given: number, filled: number): WriteOne {
  if (refused.index < given) throw refused.inBody();
  // A value the model fills itself is no request's: not the client's to fix.
  if (refused.index < filled) throw refused;
  return { transactional: false, run: async () => null };
}

/**
 * The columns a write fills itself when it is not given them (timestamps,
 * version counters, client-side defaults): as SQL in the statement's text, or
 * as a parameter whose value is made per write. A value made per write may be
 * SQL the model's author wrote ({@link SqlExpression}): its text is then part
 * of the statement's, and its own parameters are bound. Which columns a write
 * fills is part of its shape (see `WriteShape`).
 *
 * @module
 */
import type { Column } from './compiled-column.ts';
import type { CompiledModel } from './compiled-model.ts';
import type { Fill } from './model.ts';
import type { SqlParams } from './params.ts';
import { SqlExpression } from './sql-expression.ts';

/** Which fill of a column a write applies: an insert's, or an update's. */
export type FillOf = (column: Column) => Fill | undefined;

/** An insert's fill of a column. */
export const onInsert: FillOf = (column) => column.onInsert;
/** An update's fill of a column. */
export const onUpdate: FillOf = (column) => column.onUpdate;

const NONE: readonly unknown[] = [];

/**
 * The values the fills of `columns` make for one write, one per column (`undefined` where the fill is no value).
 *
 * @example
 * ```ts
 * const made = makeFills(postModel.updateFills, onUpdate); // [new Date(), SqlExpression { … }]
 * ```
 */
export function makeFills(columns: readonly Column[], fillOf: FillOf): readonly unknown[] {
  if (columns.length === 0) return NONE;
  return columns.map((column) => {
    const fill = fillOf(column);
    return fill?.kind === 'value' ? fill.value() : undefined;
  });
}

/**
 * What of the `made` values a statement's text depends on: the SQL among them (`''` when there is none).
 *
 * @example
 * ```ts
 * const made = makeFills(postModel.updateFills, onUpdate);
 * const key = `touch${fillsKey(made)}`; // 'touch|1=["\"revision\" + 1"]' when the second made that SQL
 * ```
 */
export function fillsKey(made: readonly unknown[]): string {
  let key = '';
  for (let i = 0; i < made.length; i++) {
    const value = made[i];
    if (value instanceof SqlExpression) key += `|${i}=${value.key}`;
  }
  return key;
}

/**
 * The SQL that fills `column`, adding parameters for a value made per write (`made`: the one this write made).
 *
 * @example
 * ```ts
 * const made = makeFills(postModel.updateFills, onUpdate);
 * const touch = statements.get(`touch${fillsKey(made)}`, (ctx) =>
 *   postModel.updateFills.map((c, i) => `${c.sql} = ${fillSql(postModel, c, onUpdate, ctx.params, made[i])}`).join(', '),
 * );
 * ```
 */
export function fillSql(
  model: CompiledModel,
  column: Column,
  fillOf: FillOf,
  params: SqlParams,
  made: unknown,
): string {
  const fill = fillOf(column) as Fill;
  switch (fill.kind) {
    case 'value':
      return made instanceof SqlExpression ? made.sql(params) : params.add(column.encode);
    case 'now':
      return model.dialect.now;
    case 'increment':
      return `${column.sql} + 1`;
    case 'sql':
      return fill.sql;
  }
}

/**
 * The values of the filled parameters, after those already in `out`, in the order `fillSql` placed them:
 * each made value, or the parameters of the SQL made.
 *
 * @example
 * ```ts
 * const made = makeFills(postModel.updateFills, onUpdate);
 * const values = fillValues(postModel.updateFills, onUpdate, made, ['given first']);
 * ```
 */
export function fillValues(
  columns: readonly Column[],
  fillOf: FillOf,
  made: readonly unknown[],
  out: unknown[],
): unknown[] {
  for (let i = 0; i < columns.length; i++) {
    if (fillOf(columns[i] as Column)?.kind !== 'value') continue;
    const value = made[i];
    if (value instanceof SqlExpression) out.push(...value.params);
    else out.push(value);
  }
  return out;
}

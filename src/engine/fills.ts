/**
 * The columns a write fills itself when it is not given them (timestamps,
 * version counters, client-side defaults): as SQL in the statement's text, or
 * as a parameter whose value is made per write. Which columns a write fills
 * is part of its shape (see `WriteShape`).
 *
 * @module
 */
import type { Column, CompiledModel } from './compiled-model.ts';
import type { Fill } from './model.ts';
import type { SqlParams } from './params.ts';

/** Which fill of a column a write applies: an insert's, or an update's. */
export type FillOf = (column: Column) => Fill | undefined;

/** An insert's fill of a column. */
export const onInsert: FillOf = (column) => column.onInsert;
/** An update's fill of a column. */
export const onUpdate: FillOf = (column) => column.onUpdate;

/**
 * The SQL that fills `column`, adding a parameter for a value made per write.
 *
 * @example
 * ```ts
 * const touch = statements.get('touch', (ctx) =>
 *   postModel.updateFills.map((c) => `${c.sql} = ${fillSql(postModel, c, onUpdate, ctx.params)}`).join(', '),
 * );
 * ```
 */
export function fillSql(model: CompiledModel, column: Column, fillOf: FillOf, params: SqlParams): string {
  const fill = fillOf(column) as Fill;
  switch (fill.kind) {
    case 'value':
      return params.add(column.encode);
    case 'now':
      return model.dialect.now;
    case 'increment':
      return `${column.sql} + 1`;
    case 'sql':
      return fill.sql;
  }
}

/**
 * The values of the filled parameters, made now, after those already in
 * `out`: one per column whose fill is a value, in order.
 *
 * @example
 * ```ts
 * const values = fillValues(postModel.insertFills, onInsert, ['given first']);
 * ```
 */
export function fillValues(columns: readonly Column[], fillOf: FillOf, out: unknown[]): unknown[] {
  for (const column of columns) {
    const fill = fillOf(column);
    if (fill?.kind === 'value') out.push(fill.value());
  }
  return out;
}

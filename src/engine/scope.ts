/**
 * The parent-scope plan ({@link ScopeCondition}) as parameterised SQL:
 * `equals` becomes column equalities, `exists` an `EXISTS (SELECT 1 …)` on the
 * parent, correlated with the outer row when the plan says so.
 *
 * Only the text and its placeholders are built here, once per chain: the
 * values come from `parentScopeValues`, in the order these
 * functions hand out placeholders.
 *
 * @module
 */
import type { ParentRef } from '../core/parent-scope.ts';
import type { Column } from './compiled-column.ts';
import type { CompiledModel } from './compiled-model.ts';
import { SqlParams } from './params.ts';
import { planParentScope, type ScopeCondition } from './parent-plan.ts';

/** The compiled model of an ORM model (a parent's model object, or a model name). */
export type ResolveModel = (model: unknown) => CompiledModel;

/** What translating one statement's conditions needs. */
export interface ScopeContext {
  readonly params: SqlParams;
  readonly resolve: ResolveModel;
  /** Subquery aliases handed out so far in this statement. */
  aliases: number;
}

/**
 * A fresh context for one statement on `model`: no parameters, no aliases yet.
 *
 * @example
 * ```ts
 * const ctx = scopeContext(postModel, () => postModel);
 * const where = keySql(postModel, postModel.table, ctx.params);
 * ```
 */
export function scopeContext(model: CompiledModel, resolve: ResolveModel): ScopeContext {
  return { params: new SqlParams(model.dialect), resolve, aliases: 0 };
}

/**
 * `q.col = ?`, the value encoded as the column's; on a date-time, the condition that finds every value
 * served as that instant (the dialect's, of one more parameter bound from the same value).
 */
export function equalsSql(qualifier: string, column: Column, params: SqlParams): string {
  const name = `${qualifier}.${column.sql}`;
  const first = params.add(column.encode);
  const same = column.sameInstant;
  return same ? same.sql(name, first, params.again(same.second)) : `${name} = ${first}`;
}

/** Equalities on a model's primary key, in `model.primaryKey` order. */
export function keySql(model: CompiledModel, qualifier: string, params: SqlParams): string[] {
  return model.primary.map((column) => equalsSql(qualifier, column, params));
}

/**
 * SQL conditions (to be `AND`ed) keeping rows of `model`, named `qualifier` in
 * the statement, inside the plan.
 *
 * @example
 * ```ts
 * const ctx = scopeContext(postModel, () => postModel);
 * const where = scopeSql([{ kind: 'equals', fields: ['thread_id'] }], postModel, postModel.table, ctx);
 * ```
 */
export function scopeSql(
  conditions: readonly ScopeCondition[],
  model: CompiledModel,
  qualifier: string,
  ctx: ScopeContext,
): string[] {
  const sql: string[] = [];
  for (const condition of conditions) {
    if (condition.kind === 'equals') {
      for (const field of condition.fields) sql.push(equalsSql(qualifier, model.column(field), ctx.params));
    } else {
      sql.push(existsSql(condition, ctx, { model, qualifier }));
    }
  }
  return sql;
}

/** `EXISTS (SELECT 1 FROM parent WHERE parent.pk = … [AND parent.inner = outer.outer] AND …)`. */
export function existsSql(
  condition: Extract<ScopeCondition, { kind: 'exists' }>,
  ctx: ScopeContext,
  outer?: { model: CompiledModel; qualifier: string },
): string {
  const parent = ctx.resolve(condition.model);
  ctx.aliases += 1;
  const alias = `s${ctx.aliases}`;
  const where = keySql(parent, alias, ctx.params);
  if (condition.correlate && outer) {
    const { inner, outer: outerFields } = condition.correlate;
    inner.forEach((field, i) => {
      const outerColumn = outer.model.column(outerFields[i] as string);
      where.push(`${alias}.${parent.column(field).sql} = ${outer.qualifier}.${outerColumn.sql}`);
    });
  }
  where.push(...scopeSql(condition.where, parent, alias, ctx));
  return `EXISTS (SELECT 1 FROM ${parent.table} ${alias} WHERE ${where.join(' AND ')})`;
}

/**
 * The `WHERE` terms of a single-row statement: the primary key, inside the
 * parent chain. Its values: the key, then `parentScopeValues`.
 *
 * @example
 * ```ts
 * const ctx = scopeContext(postModel, () => postModel);
 * const sql = `DELETE FROM ${postModel.table} WHERE ${rowWhere(postModel, parents, ctx).join(' AND ')}`;
 * ```
 */
export function rowWhere(
  model: CompiledModel,
  parentRefs: readonly ParentRef[] | undefined,
  ctx: ScopeContext,
): string[] {
  return [...keySql(model, model.table, ctx.params), ...scopeSql(planParentScope(parentRefs), model, model.table, ctx)];
}

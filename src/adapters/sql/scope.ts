/**
 * The core's parent-scope plan ({@link ScopeCondition}) as parameterised SQL:
 * `equals` becomes column equalities, `exists` an `EXISTS (SELECT 1 …)` on the
 * parent, correlated with the outer row when the plan says so.
 *
 * Only the text and its placeholders are built here, once per chain: the
 * values come from the core's `parentScopeValues`, in the order these
 * functions hand out placeholders.
 *
 * @module
 */
import { type ParentRef, planParentScope, type ScopeCondition } from 'ormcrud';
import { SqlParams } from './dialect.ts';
import type { SqlColumn, SqlModel } from './sql-model.ts';

/** What translating one statement's conditions needs. */
export interface ScopeContext {
  readonly params: SqlParams;
  /** The compiled model of a parent's ORM model (by the adapter's own handle or name). */
  resolve(model: unknown): SqlModel;
  /** Subquery aliases handed out so far in this statement. */
  aliases: number;
}

/** The compiled model of a parent's ORM model (by the adapter's own handle or name). */
export type ResolveModel = (model: unknown) => SqlModel;

/**
 * A fresh context for one statement on `model`: no parameters, no aliases yet.
 *
 * @example
 * ```ts
 * const ctx = scopeContext(post, resolve);
 * const where = [...keySql(post, post.table, ctx.params), ...scopeSql(conditions, post, post.table, ctx)];
 * ```
 */
export function scopeContext(model: SqlModel, resolve: ResolveModel): ScopeContext {
  return { params: new SqlParams(model.dialect), resolve, aliases: 0 };
}

/** A column of a model by wire name; a missing one is a configuration mistake. */
export function columnOf(model: SqlModel, wire: string): SqlColumn {
  const info = model.byWire.get(wire);
  if (!info) throw new TypeError(`Model "${model.name}" has no column "${wire}"`);
  return info;
}

/** `q.col = ?`, the value to be converted for the driver as the column's. */
export function equalsSql(model: SqlModel, qualifier: string, info: SqlColumn, params: SqlParams): string {
  return `${qualifier}.${info.sql} = ${params.add((value) => model.persist(info, value))}`;
}

/** Equalities on a model's primary key, in `model.primaryKey` order. */
export function keySql(model: SqlModel, qualifier: string, params: SqlParams): string[] {
  return model.primary.map((info) => equalsSql(model, qualifier, info, params));
}

/**
 * SQL conditions (to be `AND`ed) keeping rows of `model`, named `qualifier` in
 * the statement, inside the plan.
 *
 * @example
 * ```ts
 * const ctx = scopeContext(post, resolve);
 * const where = scopeSql(planParentScope(parents), post, post.table, ctx);
 * ```
 */
export function scopeSql(
  conditions: readonly ScopeCondition[],
  model: SqlModel,
  qualifier: string,
  ctx: ScopeContext,
): string[] {
  const sql: string[] = [];
  for (const condition of conditions) {
    if (condition.kind === 'equals') {
      for (const field of condition.fields) sql.push(equalsSql(model, qualifier, columnOf(model, field), ctx.params));
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
  outer?: { model: SqlModel; qualifier: string },
): string {
  const parent = ctx.resolve(condition.model);
  ctx.aliases += 1;
  const alias = `s${ctx.aliases}`;
  const where = keySql(parent, alias, ctx.params);
  if (condition.correlate && outer) {
    const { inner, outer: outerFields } = condition.correlate;
    inner.forEach((field, i) => {
      const outerInfo = columnOf(outer.model, outerFields[i] as string);
      where.push(`${alias}.${columnOf(parent, field).sql} = ${outer.qualifier}.${outerInfo.sql}`);
    });
  }
  where.push(...scopeSql(condition.where, parent, alias, ctx));
  return `EXISTS (SELECT 1 FROM ${parent.table} ${alias} WHERE ${where.join(' AND ')})`;
}

/**
 * The `WHERE` terms of a single-row statement: the primary key, inside the
 * parent chain. Its values: the key, then the core's `parentScopeValues`.
 *
 * @example
 * ```ts
 * const sql = `DELETE FROM ${e.table} WHERE ${rowWhere(e, parents, ctx).join(' AND ')}`;
 * ```
 */
export function rowWhere(model: SqlModel, parentRefs: readonly ParentRef[] | undefined, ctx: ScopeContext): string[] {
  return [...keySql(model, model.table, ctx.params), ...scopeSql(planParentScope(parentRefs), model, model.table, ctx)];
}

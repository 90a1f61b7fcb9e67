/**
 * The core's parent-scope plan ({@link ScopeCondition}) as Drizzle SQL: an
 * equality on the model's own foreign key, or an `EXISTS` over an aliased
 * parent table, nested as deep as the chain goes.
 *
 * Values pass through a {@link Binder}, so the same translation builds a plain
 * parameterised query or a prepared statement with `sql.placeholder`s; and
 * the core's `parentScopeValues` lists the values in the very order the binder sees them.
 *
 * @module
 */
import { and, Column, eq, exists, Param, type SQL, sql, type Table } from 'drizzle-orm';
import type { PrimaryKeyOf, ScopeCondition } from '../../core/parent-scope.ts';
import { tableInfo } from './describe-table.ts';
import { aliasOf, type LooseDb } from './dialect.ts';

/**
 * Turns a value into what goes into the query: itself, or a placeholder. Given
 * the column it is compared with, a placeholder keeps that column's encoder
 * (Date, boolean, JSON to driver values), as a direct value does.
 */
export type Binder = (value: unknown, column?: Column) => unknown;

/** Binds values directly (Drizzle makes them parameters). */
export const bindValue: Binder = (value) => value;

/**
 * A binder that hands out placeholders named by position, `sql.placeholder('0')`,
 * `'1'`, ... in call order. Drizzle looks each name up in the values a
 * statement runs with, so the array of values in that order is itself those
 * values: no record is built per request.
 *
 * @example
 * ```ts
 * const bind = placeholderBinder();
 * const stmt = prepareQuery('pg', db.select().from(post).where(eq(post.id, bind(1, post.id))), 'post_by_id');
 * await stmt.run([7]); // post.id = 7
 * ```
 */
export function placeholderBinder(): Binder {
  let next = 0;
  return (_value, column) => {
    const placeholder = sql.placeholder(String(next++));
    return column && encodes(column) ? new Param(placeholder, column) : placeholder;
  };
}

/** Whether a column converts values for the driver (dates, booleans, JSON); an integer or text column does not. */
const encodes = (column: Column) => column.mapToDriverValue !== Column.prototype.mapToDriverValue;

const columnOf = (table: Table, field: string) => (table as unknown as Record<string, Column>)[field] as Column;

/**
 * `field = value` for each primary-key field of `table` (possibly an alias of `model`).
 *
 * @example
 * ```ts
 * db.select().from(post).where(and(...pkEquals(post, post, { id: 1 }, bindValue)));
 * ```
 */
export function pkEquals(table: Table, model: Table, pkValues: Readonly<Record<string, unknown>>, bind: Binder): SQL[] {
  return tableInfo(model).primaryKey.map((f) => eq(columnOf(table, f), bind(pkValues[f], columnOf(table, f))));
}

interface Context {
  readonly db: LooseDb;
  readonly bind: Binder;
  aliases: number;
}

function translate(condition: ScopeCondition, current: Table, ctx: Context): SQL {
  if (condition.kind === 'equals') {
    const parts = condition.fields.map((f, i) =>
      eq(columnOf(current, f), ctx.bind(condition.values[i], columnOf(current, f))),
    );
    return and(...parts) as SQL;
  }
  return exists(existsQuery(condition, current, ctx));
}

function existsQuery(condition: Extract<ScopeCondition, { kind: 'exists' }>, current: Table, ctx: Context): LooseDb {
  const model = condition.model as Table;
  const parent = aliasOf(model, `cc_p${++ctx.aliases}`);
  const where = pkEquals(parent, model, condition.pkValues, ctx.bind);
  if (condition.correlate) {
    const { outer, inner } = condition.correlate;
    inner.forEach((f, i) => {
      where.push(eq(columnOf(parent, f), columnOf(current, outer[i] as string)));
    });
  }
  for (const nested of condition.where) where.push(translate(nested, parent, ctx));
  return ctx.db
    .select({ one: sql`1` })
    .from(parent)
    .where(and(...where));
}

/**
 * The conditions of a scope plan on `table`, ready for `.where(and(...))`.
 *
 * @example
 * ```ts
 * const where = scopeConditions(db, post, planParentScope(parents), bindValue);
 * await db.select().from(post).where(and(...where));
 * ```
 */
export function scopeConditions(
  db: LooseDb,
  table: Table,
  plan: readonly ScopeCondition[],
  bind: Binder = bindValue,
): SQL[] {
  const ctx: Context = { db, bind, aliases: 0 };
  return plan.map((condition) => translate(condition, table, ctx));
}

/**
 * The standalone query `SELECT 1 FROM parent WHERE ...` of an `exists` condition (parent checks).
 *
 * @example
 * ```ts
 * const found = await existenceQuery(db, planParentExists(parents)!);
 * if (found.length === 0) throw new ParentNotFoundError();
 * ```
 */
export function existenceQuery(db: LooseDb, condition: ScopeCondition, bind: Binder = bindValue): LooseDb {
  if (condition.kind !== 'exists') throw new TypeError('existenceQuery expects an exists condition');
  return existsQuery(condition, condition.model as Table, { db, bind, aliases: 0 }).limit(1);
}

/**
 * A Drizzle table's primary-key fields, for the core's
 * `parentScopeValues`: the order {@link pkEquals} binds them in.
 *
 * @example
 * ```ts
 * parentScopeValues(parents, primaryKeyOf, [postId]); // [postId, threadId, threadId, categoryId]
 * ```
 */
export const primaryKeyOf: PrimaryKeyOf = (model) => tableInfo(model as Table).primaryKey;

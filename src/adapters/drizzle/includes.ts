/**
 * Batched relation loading: one query per included relation for a whole page,
 * whatever its size. To-one relations become a flat object or `null`, to-many
 * an array (possibly empty) of at most `limit` rows per parent, the lowest
 * primary keys first; many-to-many joins the link table in that one query.
 *
 * @module
 */
import { and, asc, type Column, eq, inArray, is, or, SQL, sql, type Table } from 'drizzle-orm';
import type { Row } from '../../core/adapter.ts';
import type { RelationMeta } from '../../core/model-meta.ts';
import { distinctKeys, rowKey } from '../../engine/row-keys.ts';
import { tableInfo } from './describe-table.ts';
import type { LooseDb, Prepared } from './dialect.ts';
import type { RelationPlan } from './relations.ts';
import { rowColumns } from './row-columns.ts';

const columnOf = (table: Table, field: string) => (table as unknown as Record<string, Column>)[field] as Column;

/** `cols IN (keys)`: a plain `IN` for one column, an `OR` of `AND`s for a composite key. */
function keyCondition(columns: readonly Column[], keys: readonly unknown[][]): SQL {
  const [single] = columns;
  if (columns.length === 1 && single) return inArray(single, keys.map((k) => k[0]) as unknown[]);
  return or(...keys.map((k) => and(...columns.map((c, i) => eq(c, k[i]))))) as SQL;
}

function targetOrder(target: Table) {
  const info = tableInfo(target);
  return info.primaryKey.map((f) => asc(columnOf(target, f)));
}

/**
 * Prepares a query once under a key, on a database that supports `= any(array)`
 * (PostgreSQL, the adapter's own `db`); absent elsewhere.
 */
export type IncludePreparer = (key: string, build: () => LooseDb) => Prepared;

/**
 * The one query of a to-many include, capped per parent: the rows `from` selects, numbered per
 * `partition` key in the target's primary-key order in a subquery, of which each key keeps the first
 * `limit`. `extra` fields (the link table's key) come out beside the target's columns as `keys`.
 */
function perParentLimited(
  db: LooseDb,
  target: Table,
  partition: readonly Column[],
  limit: number,
  from: (selection: Record<string, unknown>) => LooseDb,
  extra: Record<string, Column> = {},
): LooseDb {
  const columns = rowColumns(target);
  const order = targetOrder(target);
  const number = sql`row_number() over (partition by ${sql.join([...partition], sql`, `)} order by ${sql.join(order, sql`, `)})`;
  const keyed = Object.fromEntries(Object.entries(extra).map(([k, c]) => [k, sql`${c}`.mapWith(c).as(k)]));
  // A subquery names every expression it selects.
  const named = Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, is(v, SQL) ? v.as(k) : v]));
  const numbered = from({ ...named, ...keyed, __rn: number.as('__rn') }).as('__limited');
  const row = Object.fromEntries(Object.keys(columns).map((k) => [k, numbered[k]]));
  const keys = Object.fromEntries(Object.keys(extra).map((k) => [k, numbered[k]]));
  const inner = tableInfo(target).primaryKey.map((f) => asc(numbered[f]));
  return db
    .select(Object.keys(extra).length > 0 ? { row, ...keys } : row)
    .from(numbered)
    .where(sql`${numbered.__rn} <= ${sql.raw(String(limit))}`)
    .orderBy(...inner);
}

/** The related rows of the given keys: prepared as `= any(:ids)` for one key column where possible. */
function loadRelated(
  db: LooseDb,
  plan: RelationPlan,
  keys: unknown[][],
  limit: number,
  prepare?: IncludePreparer,
): Promise<Row[]> {
  const columns = plan.meta.references.map((f) => columnOf(plan.target, f));
  const [single] = columns;
  const query = (where: SQL) =>
    plan.meta.many
      ? perParentLimited(db, plan.target, columns, limit, (selection) =>
          db.select(selection).from(plan.target).where(where),
        )
      : db
          .select(rowColumns(plan.target))
          .from(plan.target)
          .where(where)
          .orderBy(...targetOrder(plan.target));
  if (prepare && single && columns.length === 1) {
    const key = `include|${plan.meta.name}${plan.meta.many ? `|${limit}` : ''}`;
    const statement = prepare(key, () => query(sql`${single} = any(${sql.placeholder('ids')})`));
    return statement.run({ ids: keys.map((k) => k[0]) });
  }
  return query(keyCondition(columns, keys));
}

async function loadDirect(
  db: LooseDb,
  rows: Row[],
  plan: RelationPlan,
  limit: number,
  prepare?: IncludePreparer,
): Promise<void> {
  const name = plan.meta.name;
  const keys = distinctKeys(rows, plan.meta.fields);
  const groups = new Map<string, Row[]>();
  if (keys.size > 0) {
    const related = await loadRelated(db, plan, [...keys.values()], limit, prepare);
    for (const item of related) {
      const key = rowKey(item, plan.meta.references) as string;
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  for (const row of rows) {
    const key = rowKey(row, plan.meta.fields);
    const group = key === undefined ? undefined : groups.get(key);
    row[name] = plan.meta.many ? (group ?? []) : (group?.[0] ?? null);
  }
}

async function loadThrough(db: LooseDb, rows: Row[], plan: RelationPlan, limit: number): Promise<void> {
  const through = plan.meta.through as NonNullable<RelationMeta['through']>;
  const junction = plan.junction as Table;
  const keys = distinctKeys(rows, plan.meta.fields);
  const groups = new Map<string, Row[]>();
  if (keys.size > 0) {
    const extra: Record<string, Column> = {};
    through.sourceFields.forEach((f, i) => {
      extra[`k${i}`] = columnOf(junction, f);
    });
    const on = through.junctionTargetFields.map((f, i) =>
      eq(columnOf(junction, f), columnOf(plan.target, through.targetFields[i] as string)),
    );
    const sourceColumns = through.sourceFields.map((f) => columnOf(junction, f));
    const where = keyCondition(sourceColumns, [...keys.values()]);
    const from = (selection: Record<string, unknown>) =>
      db
        .select(selection)
        .from(plan.target)
        .innerJoin(junction, and(...on))
        .where(where);
    const related: Row[] = await perParentLimited(db, plan.target, sourceColumns, limit, from, extra);
    const keyFields = through.sourceFields.map((_, i) => `k${i}`);
    for (const item of related) {
      const key = rowKey(item, keyFields) as string;
      const group = groups.get(key);
      if (group) group.push(item.row as Row);
      else groups.set(key, [item.row as Row]);
    }
  }
  for (const row of rows) {
    const key = rowKey(row, plan.meta.fields);
    row[plan.meta.name] = (key === undefined ? undefined : groups.get(key)) ?? [];
  }
}

/**
 * Sets every relation key on the rows: the loaded value for included relations
 * (one query each; at most `limit` rows per parent row for a to-many), `null`
 * for the others. With `prepare`, single-column loads run as prepared statements.
 *
 * @example
 * ```ts
 * await attachRelations(db, rows, plans, new Set(['thread']), 100);
 * ```
 */
export async function attachRelations(
  db: LooseDb,
  rows: Row[],
  plans: readonly RelationPlan[],
  include: ReadonlySet<string>,
  limit: number,
  prepare?: IncludePreparer,
): Promise<Row[]> {
  const loads: Promise<void>[] = [];
  for (const plan of plans) {
    if (rows.length > 0 && include.has(plan.meta.name)) {
      loads.push(plan.junction ? loadThrough(db, rows, plan, limit) : loadDirect(db, rows, plan, limit, prepare));
    }
  }
  nullRelations(rows, plans, include);
  if (loads.length > 0) await Promise.all(loads);
  return rows;
}

/**
 * Sets each relation key not in `include` to `null` on every row. Rows of a
 * prepared statement already have them (see `row-mapper.ts`): a key present
 * on the first row is left alone.
 *
 * @example
 * ```ts
 * nullRelations([row], plans); // row.thread === null, row.author === null
 * ```
 */
export function nullRelations(rows: Row[], plans: readonly RelationPlan[], include?: ReadonlySet<string>): void {
  const first = rows[0];
  if (!first) return;
  for (const plan of plans) {
    const key = plan.meta.name;
    if (include?.has(key) || key in first) continue;
    for (const row of rows) row[key] = null;
  }
}

/**
 * Batched relation loading: one statement per included relation for a whole
 * page, whatever its size; many-to-many goes through its junction in that same
 * one statement. Related rows are flat (model fields only).
 *
 * @module
 */
import type { IncludeData, Row } from 'crud-collection';
import type { EntityMetadata } from 'typeorm';
import { distinctKeys, rowKey, tupleKey } from '../row-keys.ts';
import { SqlParams } from './dialect.ts';
import type { ColumnInfo, EntityModel } from './entity-model.ts';
import { type RelationJoin, relationJoins } from './relations.ts';

/** What loading needs from the adapter: a statement runner and compiled models. */
export interface IncludeContext {
  query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  model(metadata: EntityMetadata): EntityModel;
}

/**
 * `q.a = ANY(…)` with one array parameter where the driver binds arrays (one
 * statement text whatever the page size), `q.a IN (…)` elsewhere, or
 * `(q.a = … AND q.b = …) OR …` for a composite key.
 */
function inSql(model: EntityModel, qualifier: string, columns: readonly ColumnInfo[], keys: unknown[][], p: SqlParams) {
  if (columns.length === 1) {
    const [info] = columns as [ColumnInfo];
    const values = keys.map((k) => model.persist(info, k[0]));
    if (model.dialect.arrayParams) return `${qualifier}.${info.sql} = ANY(${p.add(values)})`;
    return `${qualifier}.${info.sql} IN (${values.map((v) => p.add(v)).join(', ')})`;
  }
  const tuples = keys.map(
    (k) =>
      `(${columns.map((info, i) => `${qualifier}.${info.sql} = ${p.add(model.persist(info, k[i]))}`).join(' AND ')})`,
  );
  return `(${tuples.join(' OR ')})`;
}

const infos = (model: EntityModel, join: readonly unknown[]) =>
  join.map((column) => model.byColumn.get(column as never) as ColumnInfo);

async function loadRelation(source: EntityModel, rows: Row[], join: RelationJoin, ctx: IncludeContext) {
  const sourceWires = infos(source, join.sourceColumns).map((c) => c.wire);
  const keys = [...distinctKeys(rows, sourceWires).values()];
  const groups = new Map<string, Row[]>();
  if (keys.length > 0) {
    const target = ctx.model(join.target);
    const p = new SqlParams(target.dialect);
    const order = target.primary.map((c) => `t.${c.sql}`).join(', ');
    let sql: string;
    let keyOf: (raw: Record<string, unknown>, row: Row) => string | undefined;
    if (join.through) {
      const junction = ctx.model(join.through.junction);
      const jSource = infos(junction, join.through.junctionSource);
      const jTarget = infos(junction, join.through.junctionTarget);
      const tCols = infos(target, join.targetColumns);
      const on = jTarget.map((j, i) => `j.${j.sql} = t.${(tCols[i] as ColumnInfo).sql}`).join(' AND ');
      const keyCols = jSource.map((j, i) => `j.${j.sql} AS ${target.dialect.escape(`__k${i}`)}`).join(', ');
      sql = `SELECT ${keyCols}, ${target.selectList('t')} FROM ${target.table} t INNER JOIN ${junction.table} j ON ${on} WHERE ${inSql(junction, 'j', jSource, keys, p)} ORDER BY ${order}`;
      keyOf = (raw) => tupleKey(jSource.map((j, i) => junction.hydrateValue(j, raw[`__k${i}`])));
    } else {
      const tCols = infos(target, join.targetColumns);
      sql = `SELECT ${target.selectList('t')} FROM ${target.table} t WHERE ${inSql(target, 't', tCols, keys, p)} ORDER BY ${order}`;
      const tWires = tCols.map((c) => c.wire);
      keyOf = (_raw, row) => rowKey(row, tWires);
    }
    for (const raw of await ctx.query(sql, p.values)) {
      const row = target.hydrate(raw);
      // Never undefined: the row matched a non-null key.
      const key = keyOf(raw, row) as string;
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
  }
  for (const row of rows) {
    const key = rowKey(row, sourceWires);
    const group = key === undefined ? undefined : groups.get(key);
    row[join.name] = join.many ? (group ?? []) : (group?.[0] ?? null);
  }
}

/**
 * Sets every relation key of `rows`: `null` unless included, the related flat
 * object (or `null`) for a to-one, the list of flat objects for a to-many.
 * Issues exactly one statement per included relation (none for an empty page).
 *
 * @example
 * ```ts
 * await loadIncludes(post, rows, ['thread', 'translations'], { query, model });
 * ```
 */
export async function loadIncludes(source: EntityModel, rows: Row[], include: IncludeData, ctx: IncludeContext) {
  const joins = relationJoins(source.metadata);
  for (const row of rows) for (const name of joins.keys()) row[name] = null;
  if (include.length === 0 || rows.length === 0) return;
  const wanted = [...new Set(include)].map((name) => joins.get(name)).filter((j) => j !== undefined);
  await Promise.all(wanted.map((join) => loadRelation(source, rows, join, ctx)));
}

/**
 * Batched relation loading: one statement per included relation for a whole
 * page, whatever its size; many-to-many goes through its junction in that same
 * one statement. Related rows are flat (model fields only); a to-many brings
 * at most `limit` rows per parent row, the lowest primary keys first.
 *
 * @module
 */
import type { IncludeData, RelationMeta, Row } from 'ormcrud';
import { distinctKeys, rowKey, tupleKey } from '../row-keys.ts';
import type { SqlParams } from './dialect.ts';
import { columnOf } from './scope.ts';
import type { SqlColumn, SqlModel } from './sql-model.ts';
import type { Statement } from './statements.ts';

/** What loading needs from the adapter: a statement runner, compiled models, and its kept statements. */
export interface IncludeContext {
  query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** The compiled model of a relation's target or junction, by model name. */
  model(name: string): SqlModel;
  /** The statement kept under `key`, built by `build` the first time. */
  statement(key: string, build: (params: SqlParams) => string): Statement;
}

/**
 * `q.a = ANY(…)` with one array parameter where the driver binds arrays (one
 * statement text whatever the page size), `q.a IN (…)` elsewhere, or
 * `(q.a = … AND q.b = …) OR …` for a composite key; `count` keys.
 */
function inSql(model: SqlModel, qualifier: string, columns: readonly SqlColumn[], count: number, p: SqlParams) {
  const term = (info: SqlColumn) => `${qualifier}.${info.sql}`;
  const mark = (info: SqlColumn) => p.add((value) => model.persist(info, value));
  if (columns.length === 1) {
    const [info] = columns as [SqlColumn];
    if (bindsArray(model, columns))
      return `${term(info)} = ANY(${p.add((keys) => (keys as unknown[]).map((v) => model.persist(info, v)))})`;
    return `${term(info)} IN (${Array.from({ length: count }, () => mark(info)).join(', ')})`;
  }
  const tuple = () => `(${columns.map((info) => `${term(info)} = ${mark(info)}`).join(' AND ')})`;
  return `(${Array.from({ length: count }, tuple).join(' OR ')})`;
}

/** Whether {@link inSql} takes the keys as one array parameter: a single column, on a driver that binds arrays. */
const bindsArray = (model: SqlModel, columns: readonly SqlColumn[]) =>
  columns.length === 1 && model.dialect.arrayParams;

/** The raw parameter values of {@link inSql} for `keys`: one array, or every key's parts in order. */
const inValues = (model: SqlModel, columns: readonly SqlColumn[], keys: readonly unknown[][]): unknown[] =>
  bindsArray(model, columns) ? [keys.map((k) => k[0])] : keys.flat();

/** The columns of `model` for wire names. */
const columnsOf = (model: SqlModel, wires: readonly string[]) => wires.map((wire) => columnOf(model, wire));

/**
 * The statement of a to-many include, capped per parent: the rows of `select … FROM from WHERE where`,
 * numbered per `partition` key in `order` in a subquery, of which each key keeps its first `limit`.
 * Rows come out by that number, so each parent's rows stay in `order`.
 */
function perParentLimited(model: SqlModel, parts: SelectParts, partition: string, limit: number): string {
  const rn = model.dialect.escape('__rn');
  const numbered = `ROW_NUMBER() OVER (PARTITION BY ${partition} ORDER BY ${parts.order}) AS ${rn}`;
  const inner = `SELECT ${parts.select}, ${numbered} FROM ${parts.from} WHERE ${parts.where}`;
  return `SELECT * FROM (${inner}) l WHERE l.${rn} <= ${limit} ORDER BY l.${rn}`;
}

/** The parts of an include's statement. */
interface SelectParts {
  readonly select: string;
  readonly from: string;
  readonly where: string;
  readonly order: string;
}

async function loadRelation(rows: Row[], relation: RelationMeta, ctx: IncludeContext, limit: number) {
  const keys = [...distinctKeys(rows, relation.fields).values()];
  const groups = new Map<string, Row[]>();
  if (keys.length > 0) {
    const target = ctx.model(relation.target);
    const order = target.primary.map((c) => `t.${c.sql}`).join(', ');
    const { through } = relation;
    const junction = through && ctx.model(through.model);
    const tCols = columnsOf(target, through ? through.targetFields : relation.references);
    // The key columns the page's keys are matched against: the junction's, or the target's.
    const matched = through && junction ? columnsOf(junction, through.sourceFields) : tCols;
    const inModel = junction ?? target;
    // One text for any number of keys with array parameters, else one per number of keys.
    const shape = bindsArray(inModel, matched) ? 'any' : String(keys.length);
    const capped = relation.many ? `|${limit}` : '';
    const statement = ctx.statement(`include|${relation.name}|${shape}${capped}`, (p) => {
      const qualifier = junction ? 'j' : 't';
      const where = inSql(inModel, qualifier, matched, keys.length, p);
      let parts: SelectParts = { select: target.selectList('t'), from: `${target.table} t`, where, order };
      if (through && junction) {
        const jTarget = columnsOf(junction, through.junctionTargetFields);
        const on = jTarget.map((j, i) => `j.${j.sql} = t.${(tCols[i] as SqlColumn).sql}`).join(' AND ');
        const keyCols = matched.map((j, i) => `j.${j.sql} AS ${target.dialect.escape(`__k${i}`)}`).join(', ');
        parts = {
          ...parts,
          select: `${keyCols}, ${parts.select}`,
          from: `${parts.from} INNER JOIN ${junction.table} j ON ${on}`,
        };
      }
      if (!relation.many) return `SELECT ${parts.select} FROM ${parts.from} WHERE ${where} ORDER BY ${order}`;
      const partition = matched.map((c) => `${qualifier}.${c.sql}`).join(', ');
      return perParentLimited(target, parts, partition, limit);
    });
    const tWires = tCols.map((c) => c.wire);
    const keyOf = junction
      ? (raw: Record<string, unknown>) => tupleKey(matched.map((j, i) => junction.hydrateValue(j, raw[`__k${i}`])))
      : (_raw: Record<string, unknown>, row: Row) => rowKey(row, tWires);
    const values = statement.params.bind(inValues(inModel, matched, keys));
    for (const raw of await ctx.query(statement.sql, values)) {
      const row = target.hydrate(raw);
      // Never undefined: the row matched a non-null key.
      const key = keyOf(raw, row) as string;
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
  }
  for (const row of rows) {
    const key = rowKey(row, relation.fields);
    const group = key === undefined ? undefined : groups.get(key);
    row[relation.name] = relation.many ? (group ?? []) : (group?.[0] ?? null);
  }
}

/**
 * Sets every relation key of `rows` to `null`, synchronously: what a row
 * carries when no include asks for a relation.
 *
 * @example
 * ```ts
 * nullRelations(post, [row]); // row.thread === null, row.translations === null
 * ```
 */
export function nullRelations(source: SqlModel, rows: readonly Row[]): void {
  for (const row of rows) for (const relation of source.relations) row[relation.name] = null;
}

/**
 * Sets every relation key of `rows`: `null` unless included, the related flat
 * object (or `null`) for a to-one, the list of flat objects for a to-many.
 * Issues exactly one statement per included relation (none for an empty page),
 * its text kept per relation (and per number of keys where arrays do not bind);
 * a to-many brings at most `limit` rows per row.
 *
 * @example
 * ```ts
 * await loadIncludes(post, rows, ['thread', 'translations'], { query, model, statement }, 100);
 * ```
 */
export async function loadIncludes(
  source: SqlModel,
  rows: Row[],
  include: IncludeData,
  ctx: IncludeContext,
  limit: number,
) {
  nullRelations(source, rows);
  if (include.length === 0 || rows.length === 0) return;
  const wanted = [...new Set(include)]
    .map((name) => source.relations.find((relation) => relation.name === name))
    .filter((relation) => relation !== undefined);
  await Promise.all(wanted.map((relation) => loadRelation(rows, relation, ctx, limit)));
}

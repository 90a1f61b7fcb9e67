/**
 * Batched relation loading: one statement per included relation for a whole
 * page (a to-many, one per 100 parent rows); many-to-many goes through its
 * junction in that same statement. Related rows are flat and carry only the
 * target model's public fields: no other column is selected. A to-many brings
 * at most `limit` rows per parent row, the lowest primary keys first, each
 * parent's read on its own, so no parent's other rows are read.
 *
 * @module
 */
import type { IncludeData, Row } from '../core/adapter.ts';
import type { RelationMeta } from '../core/model-meta.ts';
import type { Column, CompiledModel } from './compiled-model.ts';
import type { Executor, Statement } from './executor.ts';
import type { SqlParams } from './params.ts';
import { distinctKeys, rowKey } from './row-keys.ts';
import type { ScopeContext } from './scope.ts';
import { type Selection, selection } from './selection.ts';
import type { Built } from './statements.ts';

/** What loading needs: the executor, models by name, and the kept statements. */
export interface IncludeContext {
  readonly exec: Executor;
  /** The compiled model of a relation's target or junction, by model name. */
  model(name: string): CompiledModel;
  /** The statement kept under `key`, built by `build` the first time. */
  statement(key: string, build: (ctx: ScopeContext) => Built): Statement;
}

/**
 * `q.a = ANY(…)` with one array parameter where the driver binds arrays (one
 * text whatever the page size), `q.a IN (…)` elsewhere, or `(q.a = … AND
 * q.b = …) OR …` for a composite key; `count` keys.
 */
function inSql(model: CompiledModel, qualifier: string, columns: readonly Column[], count: number, p: SqlParams) {
  const term = (column: Column) => `${qualifier}.${column.sql}`;
  if (columns.length === 1) {
    const [column] = columns as [Column];
    if (model.dialect.arrayParams) {
      const encode = column.encode;
      return `${term(column)} = ANY(${p.add(encode && ((keys) => (keys as unknown[]).map(encode)))})`;
    }
    return `${term(column)} IN (${Array.from({ length: count }, () => p.add(column.encode)).join(', ')})`;
  }
  const tuple = () => `(${columns.map((c) => `${term(c)} = ${p.add(c.encode)}`).join(' AND ')})`;
  return `(${Array.from({ length: count }, tuple).join(' OR ')})`;
}

/** Whether {@link inSql} takes the keys as one array parameter. */
const bindsArray = (model: CompiledModel, columns: readonly Column[]) =>
  columns.length === 1 && model.dialect.arrayParams;

/** The columns of `model` for field names. */
const columnsOf = (model: CompiledModel, fields: readonly string[]) => fields.map((field) => model.column(field));

/** The most keys one capped statement reads: a branch per key, under SQLite's 500 terms of a compound select. */
const KEYS_PER_CAPPED_STATEMENT = 100;

/** A to-many include's rows of one parent, as its capped statement reads them. */
interface CappedRead {
  readonly rows: Selection;
  readonly from: string;
  readonly order: string;
  /** The condition matching a parent's key columns to `keys` (a parent's placeholders, or the outer row's columns). */
  readonly match: (keys: readonly string[]) => string;
}

/**
 * A to-many include's statement, capped per parent: each parent's first rows are read on their
 * own (`ORDER BY … LIMIT`, an index range), never every child of the page's rows at once. With
 * `LATERAL`, for the distinct `count` keys found in the source table; else a `UNION ALL` branch
 * per key. Each parent's rows come out together, in order.
 */
function cappedSql(
  read: CappedRead,
  source: CompiledModel,
  sourceKeys: readonly Column[],
  count: number,
  p: SqlParams,
) {
  const { rows, from, order, match } = read;
  const limited = (keys: readonly string[]) =>
    `SELECT ${rows.list} FROM ${from} WHERE ${match(keys)} ORDER BY ${order} LIMIT ${p.add()}`;
  if (source.dialect.lateralJoins) {
    const keys = sourceKeys.map((c, i) => `s.${c.sql} AS ${source.dialect.quote(`__s${i}`)}`);
    const parents = `SELECT DISTINCT ${keys.join(', ')} FROM ${source.table} s WHERE ${inSql(source, 's', sourceKeys, count, p)}`;
    const outerKeys = sourceKeys.map((_, i) => `s.${source.dialect.quote(`__s${i}`)}`);
    return `SELECT ${rows.aliases.map((a) => `l.${a}`).join(', ')} FROM (${parents}) s CROSS JOIN LATERAL (${limited(outerKeys)}) l`;
  }
  const branch = (_: unknown, i: number) => {
    const keys = sourceKeys.map((c) => p.add(c.encode));
    return `SELECT ${rows.aliases.join(', ')} FROM (${limited(keys)}) b${i}`;
  };
  return Array.from({ length: count }, branch).join(' UNION ALL ');
}

/**
 * The statement loading `relation` for `count` keys, each to-many key capped at `limit` rows, and
 * how a row's group is found: by the target's key fields when they are shown, else by key
 * columns selected for it (a junction's, or a hidden key).
 */
function relationStatement(
  source: CompiledModel,
  relation: RelationMeta,
  count: number,
  limit: number,
  ctx: IncludeContext,
) {
  const target = ctx.model(relation.target);
  const { through } = relation;
  const junction = through && ctx.model(through.model);
  const targetKeys = columnsOf(target, through ? through.targetFields : relation.references);
  // The key columns the page's keys are matched against: the junction's, or the target's.
  const matched = through && junction ? columnsOf(junction, through.sourceFields) : targetKeys;
  const inModel = junction ?? target;
  const shown = target.shown;
  const keysShown = !junction && matched.every((c) => shown.includes(c));
  const sourceKeys = columnsOf(source, relation.fields);
  // One text for any number of keys where the keys bind as one array, else one per number of keys.
  const arraysBound = relation.many
    ? source.dialect.lateralJoins && bindsArray(source, sourceKeys)
    : bindsArray(inModel, matched);
  const shape = arraysBound ? 'any' : String(count);
  const statement = ctx.statement(`include|${relation.name}|${shape}${relation.many ? '|capped' : ''}`, (sctx) => {
    const quote = target.dialect.quote;
    const keyQualifier = junction ? 'j' : 't';
    const keys = keysShown ? [] : matched;
    const rows = selection({ quote, qualifier: 't', columns: shown, keys, keyQualifier });
    const order = target.primary.map((c) => target.dialect.orderTerm(`t.${c.sql}`, false, false)).join(', ');
    let from = `${target.table} t`;
    if (through && junction) {
      const on = columnsOf(junction, through.junctionTargetFields).map(
        (j, i) => `j.${j.sql} = t.${(targetKeys[i] as Column).sql}`,
      );
      from += ` INNER JOIN ${junction.table} j ON ${on.join(' AND ')}`;
    }
    const p = sctx.params;
    if (relation.many) {
      const match = (keys: readonly string[]) =>
        matched.map((c, i) => `${keyQualifier}.${c.sql} = ${keys[i]}`).join(' AND ');
      return { sql: cappedSql({ rows, from, order, match }, source, sourceKeys, count, p), selection: rows };
    }
    const where = inSql(inModel, keyQualifier, matched, count, p);
    return { sql: `SELECT ${rows.list} FROM ${from} WHERE ${where} ORDER BY ${order}`, selection: rows };
  });
  // A union's branches take each a key and the limit; another statement, its keys (then a lateral's limit).
  const bind = (keys: unknown[][]) => {
    if (relation.many && !source.dialect.lateralJoins) return statement.params.bind(keys.flatMap((k) => [...k, limit]));
    const values = arraysBound ? [keys.map((k) => k[0])] : keys.flat();
    if (relation.many) values.push(limit);
    return statement.params.bind(values);
  };
  const groupFields = keysShown ? targetKeys.map((c) => c.field) : undefined;
  return { statement, bind, groupFields };
}

/** Runs the statement of `relation` for `keys`, adding each related row to its key's group. */
async function loadGroups(
  source: CompiledModel,
  relation: RelationMeta,
  keys: unknown[][],
  limit: number,
  ctx: IncludeContext,
  groups: Map<string, Row[]>,
) {
  const { statement, bind, groupFields } = relationStatement(source, relation, keys.length, limit, ctx);
  const values = bind(keys);
  const { exec } = ctx;
  const reader = exec.arrayRows ? statement.selection?.arrays : statement.selection?.objects;
  if (!reader) throw new TypeError('An include statement selects rows');
  for (const raw of (await exec.run(statement, values)).records) {
    const row = reader.hydrate(raw);
    // Never undefined: the row matched a non-null key.
    const key = (groupFields ? rowKey(row, groupFields) : reader.key(raw)) as string;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
}

async function loadRelation(
  source: CompiledModel,
  rows: Row[],
  relation: RelationMeta,
  limit: number,
  ctx: IncludeContext,
) {
  const keys = [...distinctKeys(rows, relation.fields).values()];
  const groups = new Map<string, Row[]>();
  const size = relation.many ? KEYS_PER_CAPPED_STATEMENT : keys.length;
  for (let start = 0; start < keys.length; start += size) {
    await loadGroups(source, relation, keys.slice(start, start + size), limit, ctx, groups);
  }
  for (const row of rows) {
    const key = rowKey(row, relation.fields);
    const group = key === undefined ? undefined : groups.get(key);
    row[relation.name] = relation.many ? (group ?? []) : (group?.[0] ?? null);
  }
}

/**
 * Loads the included relations of `rows` (their keys are `null` until then):
 * the related flat object (or `null`) for a to-one, the list of at most
 * `limit` flat objects for a to-many. One statement per included relation
 * (none for an empty page; a to-many takes one per 100 parent rows), its
 * text kept per relation and number of keys (a to-one's, where arrays bind,
 * once for any number).
 *
 * @example
 * ```ts
 * const ctx: IncludeContext = { exec, model: () => postModel, statement: (key, build) => statements.get(key, build) };
 * await loadIncludes(postModel, rows, ['thread', 'translations'], 100, ctx);
 * ```
 */
export async function loadIncludes(
  source: CompiledModel,
  rows: Row[],
  include: IncludeData,
  limit: number,
  ctx: IncludeContext,
) {
  if (include.length === 0 || rows.length === 0) return;
  const wanted = [...new Set(include)]
    .map((name) => source.relations.find((relation) => relation.name === name))
    .filter((relation) => relation !== undefined);
  await Promise.all(wanted.map((relation) => loadRelation(source, rows, relation, limit, ctx)));
}

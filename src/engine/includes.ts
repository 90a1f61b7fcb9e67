/**
 * Batched relation loading: one statement per included relation for a whole
 * page, whatever its size; many-to-many goes through its junction in that same
 * statement. Related rows are flat and carry only the target model's public
 * fields: no other column is selected. A to-many brings at most `limit` rows
 * per parent row, the lowest primary keys first, in that same statement.
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

/** The parts of an include's statement. */
interface SelectParts {
  readonly from: string;
  readonly where: string;
  readonly order: string;
}

/**
 * A to-many include's statement, capped per parent: the rows of `parts`, numbered per
 * `partition` key in their order, of which each key keeps the first `limit` (a placeholder).
 * Rows come out by that number, so each parent's rows stay in order.
 */
function perParentLimited(
  target: CompiledModel,
  rows: Selection,
  parts: SelectParts,
  partition: string,
  limit: string,
) {
  const rn = target.dialect.quote('__rn');
  const numbered = `ROW_NUMBER() OVER (PARTITION BY ${partition} ORDER BY ${parts.order}) AS ${rn}`;
  const inner = `SELECT ${rows.list}, ${numbered} FROM ${parts.from} WHERE ${parts.where}`;
  const outer = rows.aliases.map((alias) => `l.${alias}`).join(', ');
  return `SELECT ${outer} FROM (${inner}) l WHERE l.${rn} <= ${limit} ORDER BY l.${rn}`;
}

/**
 * The statement loading `relation` for `count` keys, each to-many key capped at `limit` rows, and
 * how a row's group is found: by the target's key fields when they are shown, else by key
 * columns selected for it (a junction's, or a hidden key).
 */
function relationStatement(relation: RelationMeta, count: number, limit: number, ctx: IncludeContext) {
  const target = ctx.model(relation.target);
  const { through } = relation;
  const junction = through && ctx.model(through.model);
  const targetKeys = columnsOf(target, through ? through.targetFields : relation.references);
  // The key columns the page's keys are matched against: the junction's, or the target's.
  const matched = through && junction ? columnsOf(junction, through.sourceFields) : targetKeys;
  const inModel = junction ?? target;
  const shown = target.shown;
  const keysShown = !junction && matched.every((c) => shown.includes(c));
  // One text for any number of keys with array parameters, else one per number of keys.
  const shape = bindsArray(inModel, matched) ? 'any' : String(count);
  const statement = ctx.statement(`include|${relation.name}|${shape}${relation.many ? '|capped' : ''}`, (sctx) => {
    const quote = target.dialect.quote;
    const keyQualifier = junction ? 'j' : 't';
    const keys = keysShown ? [] : matched;
    const rows = selection({ quote, qualifier: 't', columns: shown, keys, keyQualifier });
    const where = inSql(inModel, keyQualifier, matched, count, sctx.params);
    const order = target.primary.map((c) => target.dialect.orderTerm(`t.${c.sql}`, false, false)).join(', ');
    let from = `${target.table} t`;
    if (through && junction) {
      const on = columnsOf(junction, through.junctionTargetFields).map(
        (j, i) => `j.${j.sql} = t.${(targetKeys[i] as Column).sql}`,
      );
      from += ` INNER JOIN ${junction.table} j ON ${on.join(' AND ')}`;
    }
    if (!relation.many)
      return { sql: `SELECT ${rows.list} FROM ${from} WHERE ${where} ORDER BY ${order}`, selection: rows };
    const partition = matched.map((c) => `${keyQualifier}.${c.sql}`).join(', ');
    return {
      sql: perParentLimited(target, rows, { from, where, order }, partition, sctx.params.add()),
      selection: rows,
    };
  });
  const arraysBound = bindsArray(inModel, matched);
  const bind = (keys: unknown[][]) => {
    const values = arraysBound ? [keys.map((k) => k[0])] : keys.flat();
    if (relation.many) values.push(limit);
    return statement.params.bind(values);
  };
  const groupFields = keysShown ? targetKeys.map((c) => c.field) : undefined;
  return { statement, bind, groupFields };
}

async function loadRelation(rows: Row[], relation: RelationMeta, limit: number, ctx: IncludeContext) {
  const keys = [...distinctKeys(rows, relation.fields).values()];
  const groups = new Map<string, Row[]>();
  if (keys.length > 0) {
    const { statement, bind, groupFields } = relationStatement(relation, keys.length, limit, ctx);
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
  for (const row of rows) {
    const key = rowKey(row, relation.fields);
    const group = key === undefined ? undefined : groups.get(key);
    row[relation.name] = relation.many ? (group ?? []) : (group?.[0] ?? null);
  }
}

/**
 * Loads the included relations of `rows` (their keys are `null` until then):
 * the related flat object (or `null`) for a to-one, the list of at most
 * `limit` flat objects for a to-many. Exactly one statement per included
 * relation (none for an empty page), its text kept per relation (and per
 * number of keys where arrays do not bind).
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
  await Promise.all(wanted.map((relation) => loadRelation(rows, relation, limit, ctx)));
}

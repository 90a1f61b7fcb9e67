/**
 * The statement that loads one included relation for a batch of parent keys.
 * A to-one matches every key at once. A to-many reads each parent's first
 * rows on their own (`ORDER BY … LIMIT`, an index range), never every child
 * of the page's rows: through `CROSS JOIN LATERAL` where the dialect has it
 * and the keys bind as one array, else through a `UNION ALL` branch per key.
 *
 * @module
 */
import type { RelationMeta } from '../core/model-meta.ts';
import type { Column, CompiledModel } from './compiled-model.ts';
import type { Executor, Statement } from './executor.ts';
import type { SqlParams } from './params.ts';
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

/** How a loaded row finds its parent: by shown key fields, by key columns selected for it, or by its branch. */
export type ParentOf =
  | { readonly by: 'fields'; readonly fields: readonly string[] }
  | { readonly by: 'selected' }
  | { readonly by: 'branch' };

/** The statement of one relation for a batch of keys, and how its values bind. */
export interface RelationStatement {
  readonly statement: Statement;
  /** The run's values: the keys (tuples, in the batch's order), and the cap where there is one. */
  bind(keys: readonly (readonly unknown[])[]): unknown[];
  readonly parentOf: ParentOf;
}

/** The alias of a `UNION ALL` branch's number, selected after the rows' columns. */
export const BRANCH_ALIAS = '__b';

/** The parameter of every key at once as one array, each key encoded as its column encodes it. */
const arrayParam = (column: Column, p: SqlParams) => {
  const encode = column.encode;
  return p.add(encode && ((keys) => (keys as unknown[]).map(encode)));
};

/** `q.a = ANY(…)` where arrays bind (one text for any count), `q.a IN (…)`, or `(q.a = … AND q.b = …) OR …`. */
function inSql(model: CompiledModel, qualifier: string, columns: readonly Column[], count: number, p: SqlParams) {
  const term = (column: Column) => `${qualifier}.${column.sql}`;
  if (columns.length === 1) {
    const [column] = columns as [Column];
    if (model.dialect.arrayParams) return `${term(column)} = ANY(${arrayParam(column, p)})`;
    return `${term(column)} IN (${Array.from({ length: count }, () => p.add(column.encode)).join(', ')})`;
  }
  const tuple = () => `(${columns.map((c) => `${term(c)} = ${p.add(c.encode)}`).join(' AND ')})`;
  return `(${Array.from({ length: count }, tuple).join(' OR ')})`;
}

/** The columns of `model` for field names. */
const columnsOf = (model: CompiledModel, fields: readonly string[]) => fields.map((field) => model.column(field));

/** What a to-many's statement reads for one parent: rows `from` a join, in `order`, where `match` holds. */
interface CappedRead {
  readonly rows: Selection;
  readonly from: string;
  readonly order: string;
  /** The condition on the matched key columns, given the expressions of one parent's key. */
  readonly match: (key: readonly string[]) => string;
}

/**
 * A lateral read over the distinct keys of one array parameter, typed as the
 * matched column (an empty `ARRAY(…)` of it, which reads no row), so a key
 * compares with it even where the parent's own column has another type.
 */
function lateralSql(read: CappedRead, keyModel: CompiledModel, column: Column, p: SqlParams) {
  const typed = `ARRAY(SELECT m.${column.sql} FROM ${keyModel.table} m WHERE false) || ${arrayParam(column, p)}`;
  const keys = `SELECT DISTINCT k.v FROM unnest(${typed}) AS k(v)`;
  const limited = `SELECT ${read.rows.list} FROM ${read.from} WHERE ${read.match(['s.v'])} ORDER BY ${read.order} LIMIT ${p.add()}`;
  return `SELECT ${read.rows.aliases.map((a) => `l.${a}`).join(', ')} FROM (${keys}) s CROSS JOIN LATERAL (${limited}) l`;
}

/** A `UNION ALL` of one branch per key, each numbered in {@link BRANCH_ALIAS}: rows go to their branch's parent. */
function unionSql(
  read: CappedRead,
  columns: readonly Column[],
  count: number,
  p: SqlParams,
  quote: (s: string) => string,
) {
  const branch = (_: unknown, i: number) => {
    const key = columns.map((c) => p.add(c.encode));
    const limited = `SELECT ${read.rows.list} FROM ${read.from} WHERE ${read.match(key)} ORDER BY ${read.order} LIMIT ${p.add()}`;
    return `SELECT ${read.rows.aliases.join(', ')}, ${i} AS ${quote(BRANCH_ALIAS)} FROM (${limited}) b${i}`;
  };
  return Array.from({ length: count }, branch).join(' UNION ALL ');
}

/**
 * The statement loading `relation` for `count` keys, each to-many key capped
 * at `limit` rows. Its text is kept per relation and number of keys, or once
 * for any number where the keys bind as one array.
 *
 * @example
 * ```ts
 * const ctx: IncludeContext = { exec, model: () => postModel, statement: (key, build) => statements.get(key, build) };
 * const { statement, bind } = relationStatement(postModel.relations[0]!, 2, 100, ctx);
 * await exec.run(statement, bind([[1], [2]]));
 * ```
 */
export function relationStatement(
  relation: RelationMeta,
  count: number,
  limit: number,
  ctx: IncludeContext,
): RelationStatement {
  const target = ctx.model(relation.target);
  const { through } = relation;
  const junction = through && ctx.model(through.model);
  const targetKeys = columnsOf(target, through ? through.targetFields : relation.references);
  // The key columns the parents' keys are matched against: the junction's, or the target's.
  const matched = through && junction ? columnsOf(junction, through.sourceFields) : targetKeys;
  const keyModel = junction ?? target;
  const keysShown = !junction && matched.every((c) => target.shown.includes(c));
  const arrays = matched.length === 1 && keyModel.dialect.arrayParams;
  const form = !relation.many ? 'match' : arrays && keyModel.dialect.lateralJoins ? 'lateral' : 'union';
  const shape = arrays && form !== 'union' ? 'any' : String(count);
  const statement = ctx.statement(`include|${relation.name}|${form}|${shape}`, (sctx) => {
    const quote = target.dialect.quote;
    const q = junction ? 'j' : 't';
    // A union's rows find their parent by branch: no key column is selected for them.
    const keys = keysShown || form === 'union' ? [] : matched;
    const rows = selection({ quote, qualifier: 't', columns: target.shown, keys, keyQualifier: q });
    const order = target.primary.map((c) => target.dialect.orderTerm(`t.${c.sql}`, false, false)).join(', ');
    let from = `${target.table} t`;
    if (through && junction) {
      const on = columnsOf(junction, through.junctionTargetFields).map(
        (j, i) => `j.${j.sql} = t.${(targetKeys[i] as Column).sql}`,
      );
      from += ` INNER JOIN ${junction.table} j ON ${on.join(' AND ')}`;
    }
    const p = sctx.params;
    const read = {
      rows,
      from,
      order,
      match: (key: readonly string[]) => matched.map((c, i) => `${q}.${c.sql} = ${key[i]}`).join(' AND '),
    };
    if (form === 'lateral') return { sql: lateralSql(read, keyModel, matched[0] as Column, p), selection: rows };
    if (form === 'union') return { sql: unionSql(read, matched, count, p, quote), selection: rows };
    const where = inSql(keyModel, q, matched, count, p);
    return { sql: `SELECT ${rows.list} FROM ${from} WHERE ${where} ORDER BY ${order}`, selection: rows };
  });
  const bind = (keys: readonly (readonly unknown[])[]) => {
    const values =
      form === 'union' ? keys.flatMap((k) => [...k, limit]) : arrays ? [keys.map((k) => k[0])] : keys.flat();
    if (form === 'lateral') values.push(limit);
    return statement.params.bind(values);
  };
  const parentOf: ParentOf =
    form === 'union'
      ? { by: 'branch' }
      : keysShown
        ? { by: 'fields', fields: targetKeys.map((c) => c.field) }
        : { by: 'selected' };
  return { statement, bind, parentOf };
}

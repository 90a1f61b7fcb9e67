/**
 * The statement that loads one included relation for a batch of parent keys.
 * A to-one matches every key at once. A to-many reads each parent's first
 * rows on their own (`ORDER BY … LIMIT`, an index range), never every child
 * of the page's rows: through `CROSS JOIN LATERAL` where the dialect has it
 * and the key is one column, else through a `UNION ALL` branch per key. Each
 * to-many row carries the number of the key it was read for.
 *
 * @module
 */
import type { Column } from './compiled-column.ts';
import type { Statement } from './executor.ts';
import type { SqlParams } from './params.ts';
import { orderBySql } from './reads.ts';
import { columnsOf, type IncludeContext, listable, MAX_BRANCHES, type RelationPlan } from './relation-plan.ts';
import { equalsSql } from './scope.ts';
import { selection } from './selection.ts';

/**
 * How a loaded row finds its parent: a to-many's by the number of its key in
 * the batch ({@link KEY_NUMBER}); a to-one's by the target's key fields when
 * shown, else by the key columns selected for it.
 */
export type ParentOf =
  | { readonly by: 'number' }
  | { readonly by: 'fields'; readonly fields: readonly string[] }
  | { readonly by: 'selected' };

/** The statement of one relation for a batch of keys, and how its values bind. */
export interface RelationStatement {
  readonly statement: Statement;
  /** The run's values for the batch's keys (tuples), the cap included. */
  bind(keys: readonly (readonly unknown[])[]): unknown[];
  readonly parentOf: ParentOf;
}

/** The alias of a to-many row's key number (0-based), selected after the row's columns. */
export const KEY_NUMBER = '__n';

/** The parameter of every key at once as one array, each key encoded as its column encodes it. */
const arrayParam = (column: Column, p: SqlParams) => {
  const encode = column.encode;
  return p.add(encode && ((keys) => (keys as unknown[]).map(encode)));
};

/**
 * `q.a = ANY(…)` where arrays bind (one text for any count), `q.a IN (…)`, or `(q.a = … AND q.b = …) OR …`
 * (also for a date-time, whose equality is a condition of its own).
 */
function matchSql(q: string, matched: readonly Column[], count: number, arrays: boolean, p: SqlParams): string {
  const [column] = matched as [Column];
  if (arrays) return `${q}.${column.sql} = ANY(${arrayParam(column, p)})`;
  if (listable(matched))
    return `${q}.${column.sql} IN (${Array.from({ length: count }, () => p.add(column.encode)).join(', ')})`;
  const tuple = () => `(${matched.map((c) => equalsSql(q, c, p)).join(' AND ')})`;
  return `(${Array.from({ length: count }, tuple).join(' OR ')})`;
}

/** The most keys a matching list is rounded up to; past it a list is as long as its keys (parameter limits). */
const MAX_ROUNDED = 1024;

/** `count` rounded up to a power of two, at most `max`: a relation keeps a few texts, not one per number of keys. */
const slotsFor = (count: number, max: number) =>
  count > max ? count : Math.min(max, 2 ** Math.ceil(Math.log2(count)));

/**
 * The statement loading the planned relation for `count` keys, each to-many key capped
 * at `limit` rows. Its text is kept per relation and number of keys rounded
 * up, or once for any number where the keys bind as one array.
 *
 * @example
 * ```ts
 * const byName = new Map([[postModel.name, postModel]]); // every model a relation may reach, by name
 * const model = (name: string) => byName.get(name) ?? postModel;
 * const ctx: IncludeContext = { model, statement: (key, build) => statements.get(key, build), plans: new Map() };
 * const { statement, bind } = relationStatement(relationPlan(postModel.relations[0]!, ctx), 2, 100, ctx);
 * await exec.run(statement, bind([[1], [2]]));
 * ```
 */
export function relationStatement(
  plan: RelationPlan,
  count: number,
  limit: number,
  ctx: IncludeContext,
): RelationStatement {
  const { relation, target, junction, targetKeys, matched, form } = plan;
  const dialect = target.dialect;
  const q = junction ? 'j' : 't';
  const arrays = listable(matched) && dialect.arrayParams;
  const keysShown = !junction && matched.every((c) => target.shown.includes(c));
  // Keys a text takes: a union's or a list's rounded up (spare ones repeat the first key), or any as one array.
  const slots = slotsFor(count, form === 'union' ? MAX_BRANCHES : MAX_ROUNDED);
  const shape = form === 'union' || !arrays ? String(slots) : 'any';
  const statement = ctx.statement(`include|${relation.name}|${form}|${shape}`, (sctx) => {
    const p = sctx.params;
    // Only a to-one's rows may need key columns to find their parent; a to-many's carry their key's number.
    const keys = form !== 'match' || keysShown ? [] : matched;
    const rows = selection({ quote: dialect.quote, qualifier: 't', columns: target.shown, keys, keyQualifier: q });
    let from = `${target.table} t`;
    if (junction && relation.through) {
      const on = columnsOf(junction, relation.through.junctionTargetFields).map(
        (j, i) => `j.${j.sql} = t.${(targetKeys[i] as Column).sql}`,
      );
      from += ` INNER JOIN ${junction.table} j ON ${on.join(' AND ')}`;
    }
    const order = orderBySql(target, [], 't');
    const number = dialect.quote(KEY_NUMBER);
    const capped = (where: string) =>
      `SELECT ${rows.list} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${p.add()}`;
    if (form === 'lateral') {
      // The keys typed as the matched column (an empty ARRAY of it reads no row), whatever the parents' type.
      const column = matched[0] as Column;
      const empty = `ARRAY(SELECT m.${column.sql} FROM ${(junction ?? target).table} m WHERE false)`;
      const keys = `unnest(${empty} || ${arrayParam(column, p)}) WITH ORDINALITY AS k(v, n)`;
      const read = capped(`${q}.${column.sql} = k.v`); // after the keys: their parameter comes first
      const columns = rows.aliases.map((a) => `l.${a}`).join(', ');
      const sql = `SELECT ${columns}, k.n - 1 AS ${number} FROM ${keys} CROSS JOIN LATERAL (${read}) l`;
      return { sql, selection: rows };
    }
    if (form === 'union') {
      const branch = (_: unknown, i: number) => {
        const read = capped(matched.map((c) => equalsSql(q, c, p)).join(' AND '));
        return `SELECT ${rows.aliases.join(', ')}, ${i} AS ${number} FROM (${read}) b${i}`;
      };
      return { sql: Array.from({ length: slots }, branch).join(' UNION ALL '), selection: rows };
    }
    const where = matchSql(q, matched, slots, arrays, p);
    return { sql: `SELECT ${rows.list} FROM ${from} WHERE ${where} ORDER BY ${order}`, selection: rows };
  });
  // Spare slots repeat the first key: a spare branch's rows find no parent, a repeated match changes nothing.
  const padded = (keys: readonly (readonly unknown[])[]) =>
    Array.from({ length: slots }, (_, i) => keys[i] ?? (keys[0] as readonly unknown[]));
  const bind = (keys: readonly (readonly unknown[])[]): unknown[] => {
    switch (form) {
      case 'lateral':
        return statement.params.bind([keys.map((k) => k[0]), limit]);
      case 'union':
        return statement.params.bind(padded(keys).flatMap((k) => [...k, limit]));
      case 'match':
        return statement.params.bind(arrays ? [keys.map((k) => k[0])] : padded(keys).flat());
    }
  };
  const parentOf: ParentOf =
    form !== 'match'
      ? { by: 'number' }
      : keysShown
        ? { by: 'fields', fields: targetKeys.map((c) => c.field) }
        : { by: 'selected' };
  return { statement, bind, parentOf };
}

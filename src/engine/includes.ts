/**
 * Batched relation loading: one statement per included relation for a whole
 * page (a to-many on MySQL/MariaDB and SQLite, one per 100 parent rows);
 * many-to-many goes through its junction in that same statement. Related rows
 * are flat and carry only the target model's public fields. A to-many brings
 * at most `limit` rows per parent row, the lowest primary keys first, each
 * parent's read on its own ({@link relationStatement}).
 *
 * @module
 */
import type { IncludeData, Row } from '../core/adapter-data.ts';
import type { RelationMeta } from '../core/model-meta.ts';
import { outOfRange } from '../core/schemas/storable.ts';
import type { Column } from './compiled-column.ts';
import type { CompiledModel } from './compiled-model.ts';
import type { Executor } from './executor.ts';
import { KEY_NUMBER, relationStatement } from './include-statements.ts';
import { RefusedValue } from './refused-value.ts';
import { type IncludeContext, type RelationPlan, relationPlan } from './relation-plan.ts';
import { distinctKeys, rowKey } from './row-keys.ts';

export type { IncludeContext } from './relation-plan.ts';

/** Runs the planned relation's statement for `keys` (map keys and their tuples), adding each row to its parent's group. */
async function loadGroups(
  plan: RelationPlan,
  keys: readonly (readonly [string, unknown[]])[],
  limit: number,
  load: Load,
  groups: Map<string, Row[]>,
): Promise<void> {
  const { statement, bind, parentOf } = relationStatement(plan, keys.length, limit, load.ctx);
  const { exec } = load;
  const reader = exec.arrayRows ? statement.selection?.arrays : statement.selection?.objects;
  const width = statement.selection?.aliases.length ?? 0;
  if (!reader) throw new TypeError('An include statement selects rows');
  let values: unknown[];
  try {
    values = bind(keys.map(([, tuple]) => tuple));
  } catch (error) {
    if (!(error instanceof RefusedValue)) throw error;
    // A stored key its column's encoder refuses matches no row: load the batch without it.
    const kept = keys.filter(([, tuple]) => encodable(plan.matched, tuple));
    return kept.length === 0 ? undefined : loadGroups(plan, kept, limit, load, groups);
  }
  const result = await exec.run(statement, values);
  for (const raw of result.records) {
    let key: string | undefined;
    if (parentOf.by === 'number') {
      const n = exec.arrayRows ? (raw as unknown[])[width] : (raw as Record<string, unknown>)[KEY_NUMBER];
      // A spare branch's rows (past the batch's keys) belong to no parent.
      key = keys[Number(n)]?.[0];
      if (key === undefined) continue;
    }
    const row = reader.hydrate(raw);
    // A to-one's row matched a non-null key, so it has one.
    key ??= (parentOf.by === 'fields' ? rowKey(row, parentOf.fields) : reader.key(raw)) as string;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
}

/** Whether every column's encoder takes its value of `tuple`. */
function encodable(columns: readonly Column[], tuple: readonly unknown[]): boolean {
  return columns.every((column, i) => {
    try {
      column.encode?.(tuple[i]);
      return true;
    } catch (error) {
      if (error instanceof RefusedValue) return false;
      throw error;
    }
  });
}

/** The plan of `relation` under `ctx`, worked out on its first load and kept. */
function planOf(relation: RelationMeta, ctx: IncludeContext): RelationPlan {
  let plan = ctx.plans.get(relation);
  if (!plan) {
    plan = relationPlan(relation, ctx);
    ctx.plans.set(relation, plan);
  }
  return plan;
}

/** One load: where its statements run, and the adapter's context. */
interface Load {
  readonly exec: Executor;
  readonly ctx: IncludeContext;
}

async function loadRelation(rows: Row[], relation: RelationMeta, limit: number, load: Load) {
  const plan = planOf(relation, load.ctx);
  // A key the matched column cannot hold (a `bigint` parent's past a 4-byte foreign key) matches no row.
  const { matchedFields } = plan;
  const keys = [...distinctKeys(rows, relation.fields)].filter(([, t]) =>
    t.every((value, i) => !outOfRange(value, matchedFields[i])),
  );
  const groups = new Map<string, Row[]>();
  const size = Math.min(keys.length, plan.keysPerStatement);
  for (let start = 0; start < keys.length; start += size) {
    await loadGroups(plan, keys.slice(start, start + size), limit, load, groups);
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
 * (none for an empty page).
 *
 * @example
 * ```ts
 * const byName = new Map([[postModel.name, postModel]]); // every model a relation may reach, by name
 * const model = (name: string) => byName.get(name) ?? postModel;
 * const ctx: IncludeContext = { model, statement: (key, build) => statements.get(key, build), plans: new Map() };
 * await loadIncludes(postModel, rows, ['thread', 'translations'], 100, ctx, exec);
 * ```
 */
export async function loadIncludes(
  source: CompiledModel,
  rows: Row[],
  include: IncludeData,
  limit: number,
  ctx: IncludeContext,
  exec: Executor,
) {
  if (include.length === 0 || rows.length === 0) return;
  const wanted = [...new Set(include)]
    .map((name) => source.relations.find((relation) => relation.name === name))
    .filter((relation) => relation !== undefined);
  const load = { exec, ctx };
  await Promise.all(wanted.map((relation) => loadRelation(rows, relation, limit, load)));
}

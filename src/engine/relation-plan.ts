/**
 * How an included relation is loaded, worked out once per relation: its
 * target (and junction), the columns the parents' keys match, and the form
 * of its statement: a to-one matches every key at once; a to-many reads each
 * parent's first rows laterally where the dialect can, else through a
 * `UNION ALL` branch per key.
 *
 * @module
 */
import type { FieldMeta, RelationMeta } from '../core/model-meta.ts';
import type { Column } from './compiled-column.ts';
import type { CompiledModel } from './compiled-model.ts';
import type { Statement } from './executor.ts';
import type { ScopeContext } from './scope.ts';
import type { Built } from './statements.ts';

/** What loading needs, made once per adapter: models by name, and the kept statements. */
export interface IncludeContext {
  /** The compiled model of a relation's target or junction, by model name. */
  model(name: string): CompiledModel;
  /** The statement kept under `key`, built by `build` the first time. */
  statement(key: string, build: (ctx: ScopeContext) => Built): Statement;
  /** Each relation's plan, worked out on its first load ({@link relationPlan}). */
  readonly plans: Map<RelationMeta, RelationPlan>;
}

/** The most keys of one `UNION ALL` statement: SQLite takes at most 500 terms in a compound select. */
export const MAX_BRANCHES = 100;

/** How a relation is read: a to-one by matching every key; a to-many laterally, or by a union of branches. */
type Form = 'match' | 'lateral' | 'union';

/** What loading one relation needs to know before its batches, found once per load. */
export interface RelationPlan {
  readonly relation: RelationMeta;
  readonly target: CompiledModel;
  /** The junction of a many-to-many. */
  readonly junction: CompiledModel | undefined;
  /** The target's columns the junction refers to, or those matched against the parents' keys. */
  readonly targetKeys: readonly Column[];
  /** The columns the parents' keys are matched against: the junction's, or the target's. */
  readonly matched: readonly Column[];
  /** The field of each matched column, in its order (none where its model does not describe it). */
  readonly matchedFields: readonly (FieldMeta | undefined)[];
  readonly form: Form;
  /** How many keys one statement takes: a union's branches are bounded, the other forms take a page's keys. */
  readonly keysPerStatement: number;
}

/**
 * How `relation` is loaded: its target (and junction), the columns its keys
 * match, and the form of its statement.
 *
 * @example
 * ```ts
 * const statement: IncludeContext['statement'] = (key, build) => statements.get(key, build);
 * const ctx: IncludeContext = { model: () => postModel, statement, plans: new Map() };
 * relationPlan(postModel.relations[0]!, ctx).keysPerStatement; // 100 for a union of branches
 * ```
 */
export function relationPlan(relation: RelationMeta, ctx: IncludeContext): RelationPlan {
  const target = ctx.model(relation.target);
  const { through } = relation;
  const junction = through && ctx.model(through.model);
  const targetKeys = columnsOf(target, through ? through.targetFields : relation.references);
  const matched = junction && through ? columnsOf(junction, through.sourceFields) : targetKeys;
  const lateral = listable(matched) && target.dialect.arrayParams && target.dialect.lateralJoins;
  const form = !relation.many ? 'match' : lateral ? 'lateral' : 'union';
  const keysPerStatement = form === 'union' ? MAX_BRANCHES : Number.POSITIVE_INFINITY;
  const { fields } = (junction ?? target).meta;
  const matchedFields = matched.map((column) => fields.find((field) => field.name === column.field));
  return { relation, target, junction, targetKeys, matched, matchedFields, form, keysPerStatement };
}

/**
 * Whether keys matched against `matched` bind as one array (`= ANY`, a lateral join's keys): one column,
 * compared by `=` (a date-time's equality is a condition of its own).
 */
export const listable = (matched: readonly Column[]): boolean =>
  matched.length === 1 && matched[0]?.sameInstant === undefined;

/** The columns of `model` for field names. */
export const columnsOf = (model: CompiledModel, fields: readonly string[]) =>
  fields.map((field) => model.column(field));

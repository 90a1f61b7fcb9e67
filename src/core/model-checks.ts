/**
 * Checks of a model's description that refuse, when a router is built, what
 * would fail or mislead per request: a relation named like a field, a join
 * over fields its models lack, one name for two tables.
 *
 * @module
 */
import type { ModelMeta } from './model-meta.ts';

/**
 * Throws for a relation named like a field (`author` both the key column and the relation): the
 * two share one place in a row, so a response could carry neither truthfully.
 *
 * @example
 * ```ts
 * refuseNameClashes(postAdapter.describe()); // passes: `author_id` and `author` differ
 * ```
 */
export function refuseNameClashes(meta: ModelMeta): void {
  const fields = new Set(meta.fields.map((field) => field.name));
  const clashes = meta.relations.filter((relation) => fields.has(relation.name)).map((relation) => relation.name);
  if (clashes.length === 0) return;
  const names = clashes.map((name) => `"${name}"`).join(', ');
  throw new TypeError(`Model "${meta.name}" has a field and a relation both named ${names}: rename one`);
}

/**
 * Throws for a relation joining over a field its model, its target or its junction lacks (a junction's
 * column named otherwise than on the junction's own model): every include of it would fail. `describe`
 * finds a model by name, as the adapter does for a relation's target.
 *
 * @example
 * ```ts
 * refuseMissingJoinFields(postAdapter.meta, (name) => postAdapter.describe(name)); // passes
 * ```
 */
export function refuseMissingJoinFields(meta: ModelMeta, describe: (name: string) => ModelMeta): void {
  for (const relation of meta.relations) {
    const { through } = relation;
    const sides: [ModelMeta, readonly string[]][] = [
      [meta, relation.fields],
      [describe(relation.target), [...relation.references, ...(through?.targetFields ?? [])]],
    ];
    if (through) sides.push([describe(through.model), [...through.sourceFields, ...through.junctionTargetFields]]);
    for (const [model, fields] of sides) {
      const names = new Set(model.fields.map((field) => field.name));
      const missing = fields.find((field) => !names.has(field));
      if (missing === undefined) continue;
      throw new TypeError(
        `Model "${model.name}" has no field "${missing}", which relation "${relation.name}" of "${meta.name}" joins over`,
      );
    }
  }
}

/**
 * Refuses a model name that tables of more than one path share (one name in two schemas): a relation to
 * either would name the same model, and could read the other's rows. `adapter` names the refusing adapter.
 *
 * @example
 * ```ts
 * refuseSharedName('DrizzleAdapter', 'item', ['item']); // passes: one table
 * refuseSharedName('DrizzleAdapter', 'item', ['item', 'archive.item']); // throws a TypeError naming both
 * ```
 */
export function refuseSharedName(adapter: string, name: string, paths: Iterable<string>): void {
  const distinct = new Set(paths);
  if (distinct.size < 2) return;
  const both = [...distinct].join(' and ');
  throw new TypeError(`${adapter}: "${name}" names two tables (${both}); give them different names`);
}

/**
 * Relations of the Drizzle schema (`relations()` passed to `drizzle(client, { schema })`)
 * as the core's {@link RelationMeta}.
 *
 * Drizzle 0.45 relations have no `through`, so many-to-many is recognised by
 * shape: a `many()` relation whose target is a *pure link table* (its primary
 * key consists only of foreign-key columns, and it has exactly one `one()`
 * relation besides the one back to the source) is exposed as a many-to-many to
 * that other table, through the link table.
 *
 * @module
 */
import { is, Many, normalizeRelation, One, type Relation, type Table, type TableRelationalConfig } from 'drizzle-orm';
import type { RelationMeta } from 'ormcrud/adapter-kit';
import { type TableInfo, tableInfo } from './describe-table.ts';
import type { RelationalSchema } from './relational-schema.ts';

/** The relational config of a table of the schema, if it has one. */
export type ConfigOf = (table: Table) => TableRelationalConfig | undefined;

type OneWithConfig = One & { config: NonNullable<One['config']> };
const hasConfig = (r: Relation): r is OneWithConfig => is(r, One) && r.config !== undefined;

/**
 * The relations of `table` in declaration order: none where the schema has no config for it.
 *
 * @example
 * ```ts
 * const rel = extractRelationalSchema(schema);
 * const configOf = (table: unknown) => (table === schema.post ? rel.schema.post : undefined);
 * describeRelations(schema.post, rel, configOf).map((r) => r.name); // ['thread', 'author', 'translations']
 * ```
 */
export function describeRelations(table: Table, rel: RelationalSchema, configOf: ConfigOf): RelationMeta[] {
  const config = configOf(table);
  if (!config) return [];
  const source = tableInfo(table);
  return Object.entries(config.relations).map(([name, relation]) => {
    const target = relation.referencedTable as Table;
    if (is(relation, Many)) {
      const linked = manyToMany(name, source, relation, configOf);
      if (linked) return linked;
    }
    const normalized = normalizeRelation(rel.schema, rel.tableNamesMap, relation);
    const targetInfo = tableInfo(target);
    const fields = normalized.fields.map((c) => fieldName(source, c));
    const references = normalized.references.map((c) => fieldName(targetInfo, c));
    const holdsKey = ownsKey(relation, source, targetInfo, fields, references);
    return {
      name,
      target: targetInfo.name,
      many: is(relation, Many),
      fields,
      references,
      ...(holdsKey !== undefined && { holdsKey }),
    };
  });
}

/** The many-to-many reading of `many(link)`, when `link` is a pure link table. */
function manyToMany(name: string, source: TableInfo, relation: Relation, configOf: ConfigOf): RelationMeta | undefined {
  const junctionTable = relation.referencedTable as Table;
  const junction = tableInfo(junctionTable);
  const fkFields = new Set(junction.foreignKeys.flatMap((fk) => fk.fields));
  if (junction.primaryKey.length === 0 || !junction.primaryKey.every((f) => fkFields.has(f))) return undefined;
  const ones = Object.values(configOf(junctionTable)?.relations ?? {}).filter(hasConfig);
  const isBack = (r: OneWithConfig) =>
    r.referencedTable === source.table && (!relation.relationName || r.relationName === relation.relationName);
  const back = ones.filter(isBack);
  const others = ones.filter((r) => !isBack(r));
  const [backRel] = back;
  const [other] = others;
  if (back.length !== 1 || others.length !== 1 || !backRel || !other) return undefined;
  const target = other.referencedTable as Table;
  const targetInfo = tableInfo(target);
  const fields = backRel.config.references.map((c) => fieldName(source, c));
  const sourceFields = backRel.config.fields.map((c) => fieldName(junction, c));
  const junctionTargetFields = other.config.fields.map((c) => fieldName(junction, c));
  const targetFields = other.config.references.map((c) => fieldName(targetInfo, c));
  return {
    name,
    target: targetInfo.name,
    many: true,
    fields,
    references: targetFields,
    through: { model: junction.name, sourceFields, junctionTargetFields, targetFields },
  };
}

function fieldName(info: TableInfo, column: { name: string }): string {
  const name = info.fieldByColumn.get(column.name);
  if (name === undefined) throw new TypeError(`DrizzleAdapter: a relation of "${info.name}" uses an unknown column`);
  return name;
}

/**
 * Whether this side of a relation holds the foreign key: never for `many`. Drizzle takes `one(target,
 * { fields, references })` on either side of a one-to-one, so with a config it is the side whose fields are
 * not its own key against the target's key; `undefined` where that does not tell (a bare `one`).
 */
function ownsKey(
  relation: Relation,
  source: TableInfo,
  target: TableInfo,
  fields: readonly string[],
  references: readonly string[],
): boolean | undefined {
  if (is(relation, Many)) return false;
  if ((relation as One).config === undefined) return undefined;
  const keyOf = (info: TableInfo, names: readonly string[]) =>
    names.length === info.primaryKey.length && names.every((name) => info.primaryKey.includes(name));
  if (keyOf(target, references) && !keyOf(source, fields)) return true;
  if (keyOf(source, fields) && !keyOf(target, references)) return false;
  return undefined;
}

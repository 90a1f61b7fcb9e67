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
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  is,
  Many,
  normalizeRelation,
  One,
  type Relation,
  type Table,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import type { RelationMeta } from 'ormcrud/adapter-kit';
import { type TableInfo, tableInfo } from './describe-table.ts';

/** Drizzle's relational schema, as found on `db._` or extracted from a schema module. */
export interface RelationalSchema {
  readonly schema: TablesRelationalConfig;
  readonly tableNamesMap: Record<string, string>;
  readonly fullSchema: Record<string, unknown>;
}

/**
 * The relational config of a plain schema module (`import * as schema`).
 *
 * @example
 * ```ts
 * const rel = extractRelationalSchema(schema); // { schema, tableNamesMap, fullSchema }
 * ```
 */
export function extractRelationalSchema(schema: Record<string, unknown>): RelationalSchema {
  const { tables, tableNamesMap } = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  return { schema: tables, tableNamesMap, fullSchema: schema };
}

type OneWithConfig = One & { config: NonNullable<One['config']> };
const hasConfig = (r: Relation): r is OneWithConfig => is(r, One) && r.config !== undefined;

/**
 * Tables by model name and relations by table, for one Drizzle schema. Tables
 * reachable only through foreign keys are known too, so `describe('name')`
 * works without a relational schema.
 *
 * @example
 * ```ts
 * const registry = new SchemaRegistry(extractRelationalSchema(schema), schema.post);
 * registry.relations(schema.post).map((r) => r.name); // ['thread', 'author', 'translations']
 * ```
 */
export class SchemaRegistry {
  readonly #rel: RelationalSchema | undefined;
  readonly #tsNames = new Map<Table, string>();
  readonly #byName = new Map<string, Table>();
  /** Names two tables share, in different schemas, with their paths. */
  readonly #ambiguous = new Map<string, string>();
  readonly #relations = new Map<Table, RelationMeta[]>();

  constructor(rel: RelationalSchema | undefined, own: Table) {
    this.#rel = rel;
    if (rel) {
      for (const tsName of Object.keys(rel.schema)) {
        const table = rel.fullSchema[tsName] as Table;
        this.#tsNames.set(table, tsName);
        this.add(table);
      }
    }
    this.add(own);
  }

  /** Makes a table (and the tables its foreign keys reach) known by name. */
  add(table: Table): void {
    const info = tableInfo(table);
    const known = this.#byName.get(info.name);
    if (known) {
      // Two tables of one name in two schemas: a relation to either names the same model.
      const [a, b] = [tableInfo(known).path.join('.'), info.path.join('.')];
      if (a !== b) this.#ambiguous.set(info.name, `${a} and ${b}`);
      return;
    }
    this.#byName.set(info.name, table);
    for (const target of info.foreignTables) this.add(target);
  }

  /** A table by its model name (the lower-case SQL name), or by its schema key. */
  table(name: string): Table | undefined {
    const both = this.#ambiguous.get(name.toLowerCase());
    if (both) throw new TypeError(`DrizzleAdapter: "${name}" names two tables (${both}); give them different names`);
    const byName = this.#byName.get(name.toLowerCase());
    if (byName) return byName;
    const fromKey = this.#rel?.fullSchema[name];
    return fromKey && this.#tsNames.has(fromKey as Table) ? (fromKey as Table) : undefined;
  }

  /** The relations of a table, in declaration order (empty without a relational schema). */
  relations(table: Table): RelationMeta[] {
    let relations = this.#relations.get(table);
    if (!relations) {
      relations = this.#describe(table);
      this.#relations.set(table, relations);
    }
    return relations;
  }

  #config(table: Table) {
    const tsName = this.#tsNames.get(table);
    return tsName === undefined ? undefined : this.#rel?.schema[tsName];
  }

  #describe(table: Table): RelationMeta[] {
    const rel = this.#rel;
    const config = this.#config(table);
    if (!rel || !config) return [];
    const source = tableInfo(table);
    return Object.entries(config.relations).map(([name, relation]) => {
      const target = relation.referencedTable as Table;
      if (is(relation, Many)) {
        const linked = this.#manyToMany(name, source, relation);
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
  #manyToMany(name: string, source: TableInfo, relation: Relation): RelationMeta | undefined {
    const junctionTable = relation.referencedTable as Table;
    const junction = tableInfo(junctionTable);
    const fkFields = new Set(junction.foreignKeys.flatMap((fk) => fk.fields));
    if (junction.primaryKey.length === 0 || !junction.primaryKey.every((f) => fkFields.has(f))) return undefined;
    const ones = Object.values(this.#config(junctionTable)?.relations ?? {}).filter(hasConfig);
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

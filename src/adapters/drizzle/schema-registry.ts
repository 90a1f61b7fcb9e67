/**
 * The tables one Drizzle schema serves, by model name, and each table's
 * relations, read once: one registry per schema, shared by its adapters.
 *
 * @module
 */
import type { Table, TableRelationalConfig } from 'drizzle-orm';
import { type RelationMeta, refuseSharedName } from 'ormcrud/adapter-kit';
import type { DrizzleAdapterOptions } from './adapter-options.ts';
import { tableInfo } from './describe-table.ts';
import { extractRelationalSchema, type RelationalSchema, relationalSchemaOf } from './relational-schema.ts';
import { describeRelations } from './relations.ts';

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
  readonly #ambiguous = new Map<string, readonly string[]>();
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
      if (a !== b) this.#ambiguous.set(info.name, [a, b]);
      return;
    }
    this.#byName.set(info.name, table);
    for (const target of info.foreignTables) this.add(target);
  }

  /** A table by its model name (the lower-case SQL name), or by its schema key. */
  table(name: string): Table | undefined {
    refuseSharedName('DrizzleAdapter', name, this.#ambiguous.get(name.toLowerCase()) ?? []);
    const byName = this.#byName.get(name.toLowerCase());
    if (byName) return byName;
    const fromKey = this.#rel?.fullSchema[name];
    return fromKey && this.#tsNames.has(fromKey as Table) ? (fromKey as Table) : undefined;
  }

  /** The relations of a table, in declaration order (empty without a relational schema). */
  relations(table: Table): RelationMeta[] {
    let relations = this.#relations.get(table);
    if (!relations) {
      const rel = this.#rel;
      relations = rel ? describeRelations(table, rel, (t) => this.#config(t)) : [];
      this.#relations.set(table, relations);
    }
    return relations;
  }

  #config(table: Table): TableRelationalConfig | undefined {
    const tsName = this.#tsNames.get(table);
    return tsName === undefined ? undefined : this.#rel?.schema[tsName];
  }
}

/** The registry of each schema (a schema module, or the one a `db` was made with). */
const registries = new WeakMap<object, SchemaRegistry>();

/**
 * The registry an adapter's options share: of the given `schema`, else of the one `db` was made with;
 * a registry of its own table alone without either.
 *
 * @example
 * ```ts
 * registryFor({ db, model: schema.post }).table('thread'); // schema.thread
 * ```
 */
export function registryFor(options: Pick<DrizzleAdapterOptions, 'model' | 'db' | 'schema'>): SchemaRegistry {
  const key = options.schema ?? relationalSchemaOf(options.db)?.schema;
  const cached = key ? registries.get(key) : undefined;
  if (cached) {
    cached.add(options.model);
    return cached;
  }
  const rel = options.schema ? extractRelationalSchema(options.schema) : relationalSchemaOf(options.db);
  const registry = new SchemaRegistry(rel, options.model);
  if (key) registries.set(key, registry);
  return registry;
}

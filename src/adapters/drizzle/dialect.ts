/**
 * The three Drizzle dialects behind one small surface: which dialect a table
 * belongs to, its table config (columns, keys, foreign keys), aliases, and how
 * a prepared statement is run.
 *
 * @module
 */
import { aliasedTable, type Column, entityKind, getTableName, is, type Table } from 'drizzle-orm';
import { rowMapper } from './row-mapper.ts';

/** The SQL family of a Drizzle table. MySQL covers MariaDB; neither has `RETURNING` in Drizzle. */
export type DrizzleDialect = 'sqlite' | 'pg' | 'mysql';

/**
 * Any Drizzle database or transaction, seen through the dialect-neutral subset
 * this adapter uses. The three dialects' builders have unrelated static types,
 * so the adapter talks to them through this one loose type internally.
 */
// biome-ignore lint/suspicious/noExplicitAny: the three dialects' query builders share no static type.
export type LooseDb = any;

/** A foreign key with its columns resolved. */
export interface ResolvedForeignKey {
  readonly columns: readonly Column[];
  readonly foreignTable: Table;
  readonly foreignColumns: readonly Column[];
}

/** What every dialect's `getTableConfig` yields that the adapter needs. */
export interface NeutralTableConfig {
  readonly name: string;
  readonly columns: readonly Column[];
  /** Composite primary keys declared with `primaryKey({ columns })`. */
  readonly primaryKeys: readonly (readonly Column[])[];
  readonly foreignKeys: readonly ResolvedForeignKey[];
}

/**
 * Each dialect's classes as `is()` identifies them: by their entity kind,
 * which is how Drizzle tells its classes apart across copies. Matching on the
 * kind, and reading a table's config through Drizzle's `Symbol.for` keys (also
 * shared across copies), keeps every dialect's module out of the adapter: an
 * app on PostgreSQL does not load the SQLite and MySQL query builders, nor one
 * on SQLite PostgreSQL's (some 50 modules and 0.6 MiB of heap per dialect).
 */
const kindOf = (kind: string) =>
  class {
    static readonly [entityKind] = kind;
  };

/** What identifies a dialect's table, its key builders and its inline foreign keys. */
const DIALECTS = (
  [
    ['sqlite', 'SQLite'],
    ['pg', 'Pg'],
    ['mysql', 'MySql'],
  ] as const
).map(([dialect, prefix]) => ({
  dialect,
  table: kindOf(`${prefix}Table`),
  primaryKeyBuilder: kindOf(`${prefix}PrimaryKeyBuilder`),
  foreignKeyBuilder: kindOf(`${prefix}ForeignKeyBuilder`),
  inlineForeignKeys: Symbol.for(`drizzle:${prefix}InlineForeignKeys`),
  /** PostgreSQL hands its extra-config callback columns of their own; the others the table's. */
  extraConfigColumns: Symbol.for(prefix === 'Pg' ? 'drizzle:ExtraConfigColumns' : 'drizzle:Columns'),
}));

const COLUMNS = Symbol.for('drizzle:Columns');
const EXTRA_CONFIG_BUILDER = Symbol.for('drizzle:ExtraConfigBuilder');

/** A built foreign key, as every dialect's `ForeignKey` is. */
interface DrizzleForeignKey {
  reference(): { columns: Column[]; foreignTable: Table; foreignColumns: Column[] };
}

/** An entry of a table's extra config: an index, a check, a key builder... */
interface ConfigBuilder {
  build(table: Table): unknown;
}

/** A table seen through the keys its dialect's `getTableConfig` reads. */
type TableInternals = Record<symbol, unknown>;

function dialectOf(table: unknown) {
  const found = DIALECTS.find((d) => is(table, d.table));
  if (!found) throw new TypeError('DrizzleAdapter: model must be a Drizzle table (sqliteTable, pgTable or mysqlTable)');
  return found;
}

/**
 * The dialect of a table, or a `TypeError` for anything that is not a Drizzle table.
 *
 * @example
 * ```ts
 * tableDialect(pgTable('t', {})); // 'pg'
 * ```
 */
export function tableDialect(table: unknown): DrizzleDialect {
  return dialectOf(table).dialect;
}

/**
 * The table's columns, keys and foreign keys: what its own dialect's
 * `getTableConfig` reads, the inline foreign keys (`.references()`) and the
 * `primaryKey()` and `foreignKey()` of its extra config.
 *
 * @example
 * ```ts
 * neutralTableConfig(post).foreignKeys[0]?.foreignTable; // thread
 * ```
 */
export function neutralTableConfig(table: Table): NeutralTableConfig {
  const d = dialectOf(table);
  const internals = table as unknown as TableInternals;
  const primaryKeys: Column[][] = [];
  const foreignKeys = [...(internals[d.inlineForeignKeys] as DrizzleForeignKey[])];
  const extraConfig = internals[EXTRA_CONFIG_BUILDER] as ((columns: unknown) => object) | undefined;
  const extra = extraConfig?.(internals[d.extraConfigColumns]);
  const builders = (Array.isArray(extra) ? extra.flat(1) : Object.values(extra ?? {})) as ConfigBuilder[];
  for (const builder of builders) {
    if (is(builder as unknown, d.primaryKeyBuilder))
      primaryKeys.push((builder.build(table) as { columns: Column[] }).columns);
    else if (is(builder as unknown, d.foreignKeyBuilder)) foreignKeys.push(builder.build(table) as DrizzleForeignKey);
  }
  return {
    name: getTableName(table),
    columns: Object.values(internals[COLUMNS] as Record<string, Column>),
    primaryKeys,
    foreignKeys: foreignKeys.map((fk) => {
      const { columns, foreignTable, foreignColumns } = fk.reference();
      return { columns, foreignTable, foreignColumns };
    }),
  };
}

/**
 * An alias of a table (`FROM "thread" "s1"`): Drizzle's `aliasedTable`, which
 * every dialect's `alias` is.
 *
 * @example
 * ```ts
 * db.select().from(aliasOf(thread, 'p1'));
 * ```
 */
export function aliasOf(table: Table, name: string): Table {
  return aliasedTable(table, name);
}

/**
 * The values of a prepared statement's placeholders, by name: a record, or an
 * array for placeholders named by position (see `placeholderBinder`).
 */
export type PlaceholderValues = Readonly<Record<string, unknown>> | readonly unknown[];

/** A prepared statement, whatever its dialect. */
export interface Prepared {
  run(values: PlaceholderValues): Promise<Record<string, unknown>[]>;
}

/**
 * Prepares a built query (select, or `delete ... returning`) for repeated runs
 * with `sql.placeholder` values. On PostgreSQL, `name` names the server-side
 * statement: give the same name only to the same SQL, so a shape evicted from a
 * cache and prepared again reuses its statement on every connection. A query
 * of whole columns maps its rows with a generated {@link rowMapper}, which
 * also sets each of `nullKeys` (the table's relation keys) to `null`.
 *
 * @example
 * ```ts
 * const stmt = prepareQuery('pg', db.select().from(post).where(eq(post.id, sql.placeholder('id'))), 'post_by_id');
 * await stmt.run({ id: 1 });
 * ```
 */
export function prepareQuery(
  dialect: DrizzleDialect,
  query: LooseDb,
  name: string,
  nullKeys: readonly string[] = [],
): Prepared {
  const prepared = dialect === 'pg' ? query.prepare(name) : query.prepare();
  const mapper = Array.isArray(prepared.fields) ? rowMapper(prepared.fields, nullKeys) : undefined;
  if (mapper && 'customResultMapper' in prepared) prepared.customResultMapper = mapper;
  if (dialect === 'sqlite') return { run: (values) => prepared.all(values) };
  return { run: (values) => prepared.execute(values) };
}

/**
 * A Drizzle table's own configuration, whichever of the three Drizzle
 * dialects built it: which dialect that is, its name and schema, columns,
 * keys and foreign keys.
 *
 * @module
 */
import { type Column, entityKind, getTableName, is, type Table } from 'drizzle-orm';

/** The Drizzle dialect of a table. MySQL covers MariaDB. */
export type DrizzleDialect = 'sqlite' | 'pg' | 'mysql';

/** A foreign key with its columns resolved. */
export interface ResolvedForeignKey {
  readonly columns: readonly Column[];
  readonly foreignTable: Table;
  readonly foreignColumns: readonly Column[];
}

/** What every dialect's `getTableConfig` yields that the adapter needs. */
export interface NeutralTableConfig {
  readonly name: string;
  /** The schema (`pgSchema`, `mysqlSchema`) the table is in, if any. */
  readonly schema: string | undefined;
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
const SCHEMA = Symbol.for('drizzle:Schema');
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
 * import { pgTable } from 'drizzle-orm/pg-core';
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
    schema: internals[SCHEMA] as string | undefined,
    columns: Object.values(internals[COLUMNS] as Record<string, Column>),
    primaryKeys,
    foreignKeys: foreignKeys.map((fk) => {
      const { columns, foreignTable, foreignColumns } = fk.reference();
      return { columns, foreignTable, foreignColumns };
    }),
  };
}

/**
 * The three Drizzle dialects behind one small surface: which dialect a table
 * belongs to, its table config (columns, keys, foreign keys), aliases, and how
 * a prepared statement is run.
 *
 * @module
 */
import { aliasedTable, type Column, entityKind, is, type Table } from 'drizzle-orm';
import { getTableConfig as myTableConfig } from 'drizzle-orm/mysql-core/utils';
import { getTableConfig as pgTableConfig } from 'drizzle-orm/pg-core';
import { getTableConfig as liteTableConfig } from 'drizzle-orm/sqlite-core/utils';
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
 * Each dialect's table class as `is()` identifies it: by its entity kind,
 * which is how Drizzle tells its classes apart across copies. Matching on the
 * kind lets the adapter load only the `utils` module (`getTableConfig`) of
 * SQLite and MySQL, not their whole query builders, which an app on another
 * database would carry unused. (Drizzle exports PostgreSQL's `getTableConfig`
 * only from `pg-core` itself.)
 */
const kindOf = (kind: string) =>
  class {
    static readonly [entityKind] = kind;
  };
const TABLE_KINDS = [
  ['sqlite', kindOf('SQLiteTable')],
  ['pg', kindOf('PgTable')],
  ['mysql', kindOf('MySqlTable')],
] as const;

/**
 * The dialect of a table, or a `TypeError` for anything that is not a Drizzle table.
 *
 * @example
 * ```ts
 * tableDialect(pgTable('t', {})); // 'pg'
 * ```
 */
export function tableDialect(table: unknown): DrizzleDialect {
  for (const [dialect, kind] of TABLE_KINDS) if (is(table, kind)) return dialect;
  throw new TypeError('DrizzleAdapter: model must be a Drizzle table (sqliteTable, pgTable or mysqlTable)');
}

/**
 * The table's columns, keys and foreign keys, from its own dialect's `getTableConfig`.
 *
 * @example
 * ```ts
 * neutralTableConfig(post).foreignKeys[0]?.foreignTable; // thread
 * ```
 */
export function neutralTableConfig(table: Table): NeutralTableConfig {
  const dialect = tableDialect(table);
  const config =
    dialect === 'sqlite'
      ? liteTableConfig(table as Parameters<typeof liteTableConfig>[0])
      : dialect === 'pg'
        ? pgTableConfig(table as Parameters<typeof pgTableConfig>[0])
        : myTableConfig(table as Parameters<typeof myTableConfig>[0]);
  return {
    name: config.name,
    columns: config.columns as Column[],
    primaryKeys: config.primaryKeys.map((pk) => pk.columns as Column[]),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return {
        columns: ref.columns as Column[],
        foreignTable: ref.foreignTable as Table,
        foreignColumns: ref.foreignColumns as Column[],
      };
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

/** A prepared statement, whatever its dialect. */
export interface Prepared {
  run(values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
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
 * const stmt = prepareQuery('pg', db.select().from(post).where(eq(post.id, sql.placeholder('p0'))), 'post_by_id');
 * await stmt.run({ p0: 1 });
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

/**
 * Drizzle's relational schema: the tables and their `relations()`, as a
 * database made with `drizzle(client, { schema })` holds them on `db._`, or
 * as read from a schema module.
 *
 * @module
 */
import { createTableRelationsHelpers, extractTablesRelationalConfig, type TablesRelationalConfig } from 'drizzle-orm';

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

/**
 * The relational schema a Drizzle database was made with, if any.
 *
 * @example
 * ```ts
 * relationalSchemaOf(db)?.tableNamesMap; // the tables' SQL names by schema key
 * ```
 */
export function relationalSchemaOf(db: unknown): RelationalSchema | undefined {
  const internals = (db as { _?: Partial<RelationalSchema> } | undefined)?._;
  if (!internals?.schema) return undefined;
  return internals as RelationalSchema;
}

/**
 * The order a sort gives an enum field's values: their declared order, on every database.
 *
 * @module
 */
import type { FieldMeta } from '../core/model-meta.ts';
import type { Dialect } from './dialect.ts';
import type { ColumnSpec } from './model.ts';

/**
 * What an `ORDER BY` sorts an enum column by, where not the column itself: a column of its database's enum
 * type sorts in declared order already (and its index serves the sort); another (text, SQLite's) sorts by a
 * `CASE` of its values' positions, made once per column from the model's values. A numeric enum sorts by
 * its numbers.
 *
 * @example
 * ```ts
 * const level: FieldMeta = { name: 'level', kind: 'enum', enumValues: ['low', 'mid', 'high'], nullable: true,
 *   primaryKey: false, serverGenerated: false, hasClientDefault: false };
 * const spec: ColumnSpec = { field: 'level', column: 'level', primaryKey: false, nullable: true,
 *   autoIncrement: false, selected: true };
 * enumOrder(level, spec, sqliteDialect())?.('"t"."level"');
 * // CASE "t"."level" WHEN 'low' THEN 0 WHEN 'mid' THEN 1 WHEN 'high' THEN 2 END
 * ```
 */
export function enumOrder(
  field: FieldMeta | undefined,
  spec: ColumnSpec,
  dialect: Dialect,
): ((column: string) => string) | undefined {
  const values = field?.kind === 'enum' ? (field.enumValues ?? []) : [];
  if (values.length === 0 || (spec.enumType && dialect.enumTypes)) return undefined;
  if (!values.every((value) => typeof value === 'string')) return undefined;
  const whens = values.map((value, i) => `WHEN ${dialect.textLiteral(value)} THEN ${i}`).join(' ');
  return (column) => `CASE ${column} ${whens} END`;
}

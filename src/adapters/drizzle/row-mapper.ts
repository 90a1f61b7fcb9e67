/**
 * Row mappers for prepared statements. Drizzle turns each array row a driver
 * returns into an object with its generic `mapResultRow`: a `reduce` over the
 * selected fields with a keyed store per column, so every row is built
 * through megamorphic stores, and the adapter then adds each relation key
 * (`null` until an include loads it) with more of them. For a statement that
 * selects whole columns (or expressions read as one, see `row-columns.ts`),
 * this module generates, once, a function that builds
 * each row as one object literal instead: the same keys in the same order,
 * each value decoded as Drizzle decodes it (`null` stays `null`, anything
 * else goes through the column's `mapFromDriverValue`), and the relation keys
 * already there as `null`. Every row of a statement then shares one hidden
 * class, and a page of rows costs no store per column or relation.
 *
 * @module
 */
import { Column, is, SQL } from 'drizzle-orm';
import type { Row } from '../../core/adapter.ts';

/** One selected field of a Drizzle query, as its prepared statement keeps it. */
export interface SelectedField {
  readonly path: readonly string[];
  readonly field: unknown;
}

/**
 * Maps driver rows (arrays, or libsql's array-like rows with the driver's
 * value normaliser) to row objects: the signature of Drizzle's
 * `customResultMapper`.
 */
export type RowMapper = (rows: readonly ArrayLike<unknown>[], normalize?: (value: unknown) => unknown) => Row[];

type Decoder = Pick<Column, 'mapFromDriverValue'>;

/** The decoder of a top-level field: a column, or an expression with its `mapWith` decoder. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  // `decoder` is what Drizzle's own mapping reads; its typings leave it out.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  return undefined;
}

/**
 * A mapper for a statement selecting `fields`, whose rows also get each of
 * `nullKeys` (that is not a column) as `null`; `undefined` when a field is
 * not a column or an expression at the top level (a nested selection),
 * which Drizzle's own mapping keeps serving.
 *
 * @example
 * ```ts
 * const stmt = db.select().from(thread).where(eq(thread.id, sql.placeholder('p0'))).prepare('thread_by_id');
 * stmt.customResultMapper = rowMapper(stmt.fields, ['category', 'posts']);
 * await stmt.execute({ p0: 1 }); // [{ id: 1, category_id: 3, title: '…', category: null, posts: null }]
 * ```
 */
export function rowMapper(fields: readonly SelectedField[], nullKeys: readonly string[]): RowMapper | undefined {
  const columns: Decoder[] = [];
  const keys: string[] = [];
  for (const { path, field } of fields) {
    const decoder = decoderOf(field);
    if (path.length !== 1 || !decoder) return undefined;
    columns.push(decoder);
    keys.push(path[0] as string);
  }
  const properties = [
    ...keys.map((key, i) => `${JSON.stringify(key)}: v${i} === null ? null : c${i}.mapFromDriverValue(v${i})`),
    ...nullKeys.filter((key) => !keys.includes(key)).map((key) => `${JSON.stringify(key)}: null`),
  ];
  const values = keys.map((_, i) => `const v${i} = normalize === undefined ? r[${i}] : normalize(r[${i}]);`);
  // Keys are JSON string literals, the rest is fixed text: nothing from a request reaches the code.
  const source = `return function mapRows(rows, normalize) {
    const out = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      ${values.join('\n      ')}
      out[i] = { ${properties.join(', ')} };
    }
    return out;
  };`;
  const columnNames = columns.map((_, i) => `c${i}`);
  return new Function(...columnNames, source)(...columns) as RowMapper;
}

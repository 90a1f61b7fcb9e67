/**
 * What a statement selects of a model and how its rows become row objects:
 * `hydrate` is generated once per selection, so every row is one object
 * literal (one hidden class, no keyed store per column), each value through
 * its column's decoder. Rows come from the driver as objects keyed by alias,
 * or as arrays in select order, each with a reader of its own.
 *
 * @module
 */
import type { Row } from '../core/adapter-data.ts';
import type { Codec } from './model.ts';
import { keyPart, tupleKey } from './row-keys.ts';

/** A column as a selection reads it: its field name and decoder. */
export interface SelectedColumn {
  readonly field: string;
  /** The quoted column name. */
  readonly sql: string;
  readonly decode?: Codec | undefined;
  /** The expression that reads the qualified column, when not the column itself. */
  readonly select?: ((column: string) => string) | undefined;
}

/** How raw rows of one form become row objects. */
export interface RowReader {
  /** A raw row as a row object: the selected fields, then each null key as `null`. */
  readonly hydrate: (raw: unknown) => Row;
  /** The map key of a raw row's decoded key columns, as `tupleKey` makes it (for grouping included rows). */
  readonly key: (raw: unknown) => string | undefined;
}

/** What one statement selects of a model, and how its rows are read. */
export interface Selection {
  /** `q."col" AS "field", …`: the select list (key columns first, aliased `__k0`, `__k1`, …). */
  readonly list: string;
  /** The names the select list gives its columns, in order, quoted. */
  readonly aliases: readonly string[];
  /** The reader of rows as objects keyed by alias. */
  readonly objects: RowReader;
  /** The reader of rows as arrays in select order. */
  readonly arrays: RowReader;
}

/** What a selection is made of. */
export interface SelectionSpec {
  readonly quote: (identifier: string) => string;
  /** The qualifier of every column (a quoted table or an alias), or `''`. */
  readonly qualifier: string;
  readonly columns: readonly SelectedColumn[];
  /** Columns read only for grouping, selected first under `__k<i>`. */
  readonly keys?: readonly SelectedColumn[];
  /** The qualifier of the key columns, when not `qualifier` (a junction's alias). */
  readonly keyQualifier?: string;
  /** Keys set to `null` on every row (relations, until an include loads them). */
  readonly nullKeys?: readonly string[];
}

/**
 * A compiled selection; each reader is generated on first use.
 *
 * @example
 * ```ts
 * const s = selection({ quote: postModel.dialect.quote, qualifier: '"post"', columns: postModel.columns, nullKeys: ['thread'] });
 * const read = (await exec.run(statement, [])).records.map(s.objects.hydrate);
 * ```
 */
export function selection(spec: SelectionSpec): Selection {
  const keys = spec.keys ?? [];
  const prefix = (qualifier: string) => (qualifier ? `${qualifier}.` : '');
  const aliases = [...keys.map((_, i) => `__k${i}`), ...spec.columns.map((c) => c.field)];
  const read = (c: SelectedColumn, qualifier: string) => {
    const column = prefix(qualifier) + c.sql;
    return c.select ? c.select(column) : column;
  };
  const qualified = [
    ...keys.map((c) => read(c, spec.keyQualifier ?? spec.qualifier)),
    ...spec.columns.map((c) => read(c, spec.qualifier)),
  ];
  const quoted = aliases.map((alias) => spec.quote(alias));
  const list = qualified.map((column, i) => `${column} AS ${quoted[i]}`).join(', ');
  let objects: RowReader | undefined;
  let arrays: RowReader | undefined;
  return {
    list,
    aliases: quoted,
    get objects() {
      objects ??= compileReader(spec, aliases, false);
      return objects;
    },
    get arrays() {
      arrays ??= compileReader(spec, aliases, true);
      return arrays;
    },
  };
}

function compileReader(spec: SelectionSpec, aliases: readonly string[], arrays: boolean): RowReader {
  const { columns } = spec;
  const keys = spec.keys ?? [];
  const at = (i: number) => (arrays ? `raw[${i}]` : `raw[${JSON.stringify(aliases[i])}]`);
  const decoded = (c: SelectedColumn, i: number, name: string) => (c.decode ? `${name}(${at(i)})` : at(i));
  const nulls = (spec.nullKeys ?? []).filter((key) => !columns.some((c) => c.field === key));
  const properties = [
    ...columns.map((c, i) => `${JSON.stringify(c.field)}: ${decoded(c, keys.length + i, `c${i}`)}`),
    ...nulls.map((key) => `${JSON.stringify(key)}: null`),
  ];
  const keyValues = keys.map((c, i) => decoded(c, i, `k${i}`));
  // One key column (the usual foreign key) makes its map key without an array per row.
  const key =
    keyValues.length === 1
      ? `const v = ${keyValues[0]}; return v === null || v === undefined ? undefined : part(v) + '\u0000';`
      : `return tuple([${keyValues.join(', ')}]);`;
  // Field names are JSON string literals and the rest fixed text: nothing from a request reaches the code.
  const source = `return [
    function hydrate(raw) { return { ${properties.join(', ')} }; },
    function key(raw) { ${key} },
  ];`;
  const names = ['part', 'tuple', ...columns.map((_, i) => `c${i}`), ...keys.map((_, i) => `k${i}`)];
  const codecs = [...columns.map((c) => c.decode), ...keys.map((c) => c.decode)];
  const [hydrate, readKey] = new Function(...names, source)(keyPart, tupleKey, ...codecs);
  return { hydrate, key: readKey };
}

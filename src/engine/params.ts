/**
 * The parameters of a statement as it is built: each `add` hands out the next
 * placeholder and records how its value converts. The statement's text then
 * serves every run; `bind` turns one run's raw values, in placeholder order,
 * into the driver's. Values are always bound, never written into the text.
 *
 * @module
 */
import type { Dialect } from './dialect.ts';
import type { Codec } from './model.ts';
import { RefusedValue } from './refused-value.ts';

/**
 * The placeholders of one statement and their values' conversions.
 *
 * @example
 * ```ts
 * const params = new SqlParams(postModel.dialect);
 * const id = postModel.column('id');
 * const sql = `SELECT 1 FROM ${postModel.table} WHERE ${id.sql} = ${params.add(id.encode)}`;
 * await exec.run({ sql, name: undefined, params, selection: undefined }, params.bind([42]));
 * ```
 */
export class SqlParams {
  readonly #codecs: (Codec | undefined)[] = [];
  readonly #dialect: Dialect;

  constructor(dialect: Dialect) {
    this.#dialect = dialect;
  }

  /** The placeholder of the next parameter, whose value `encode` converts. */
  add(encode?: Codec): string {
    this.#codecs.push(encode);
    return this.#dialect.placeholder(this.#codecs.length - 1);
  }

  /** Converts one run's raw values in place (one per placeholder, in order) and returns them. */
  bind(raw: unknown[]): unknown[] {
    const bound = this.bindOrRefusal(raw);
    if (bound instanceof RefusedValue) throw bound;
    return bound;
  }

  /** As {@link bind}, but a value its column's encoder refuses is returned: the refusal, at its parameter. */
  bindOrRefusal(raw: unknown[]): unknown[] | RefusedValue {
    const codecs = this.#codecs;
    let i = 0;
    try {
      for (; i < codecs.length; i++) {
        const encode = codecs[i];
        if (encode) raw[i] = encode(raw[i]);
      }
      return raw;
    } catch (error) {
      if (error instanceof RefusedValue) return error.at(i);
      throw error;
    }
  }
}

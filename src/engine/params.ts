/**
 * The parameters of a statement as it is built: each `add` hands out the next
 * placeholder and records how its value converts. The statement's text then
 * serves every run; `bind` turns one run's raw values, in placeholder order,
 * into the driver's. A placeholder may take the previous one's raw value
 * again, converted its own way (the end of a range), so callers list each
 * value once. Values are always bound, never written into the text.
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
  /** The raw value's index of each placeholder. */
  readonly #sources: number[] = [];
  #raw = 0;
  readonly #dialect: Dialect;

  constructor(dialect: Dialect) {
    this.#dialect = dialect;
  }

  /** The placeholder of the next parameter, whose value `encode` converts. */
  add(encode?: Codec): string {
    this.#sources.push(this.#raw++);
    return this.#placeholder(encode);
  }

  /** The placeholder of one more parameter, bound from the previous one's raw value as `encode` converts it. */
  again(encode: Codec): string {
    if (this.#raw === 0) throw new Error('No parameter to bind again');
    this.#sources.push(this.#raw - 1);
    return this.#placeholder(encode);
  }

  #placeholder(encode: Codec | undefined): string {
    this.#codecs.push(encode);
    return this.#dialect.placeholder(this.#codecs.length - 1);
  }

  /** Converts one run's raw values (one per `add`, in order), in place where no placeholder takes one again. */
  bind(raw: unknown[]): unknown[] {
    const bound = this.bindOrRefusal(raw);
    if (bound instanceof RefusedValue) throw bound;
    return bound;
  }

  /** As {@link bind}, but a value its column's encoder refuses is returned: the refusal, at its raw value's index. */
  bindOrRefusal(raw: unknown[]): unknown[] | RefusedValue {
    const codecs = this.#codecs;
    const sources = this.#sources;
    const again = codecs.length > this.#raw;
    const bound = again ? new Array<unknown>(codecs.length) : raw;
    let i = 0;
    try {
      for (; i < codecs.length; i++) {
        const encode = codecs[i];
        const value = again ? raw[sources[i] as number] : raw[i];
        bound[i] = encode ? encode(value) : value;
      }
      return bound;
    } catch (error) {
      if (error instanceof RefusedValue) return error.at(sources[i] as number);
      throw error;
    }
  }
}

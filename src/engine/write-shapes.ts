/**
 * What a write's statement depends on besides its parent chain: which fields
 * it writes. Facts per written field set (its statement key, the order its
 * placeholders take the fields in) are made once and found again from the
 * values alone, through a bitmask of the table's fields, so a write builds no
 * key string per request.
 *
 * @module
 */

/** Field sets kept per parent chain and kind; writes of further sets make their shape per call. */
const MAX_SETS = 256;

/**
 * Shapes of one table's writes of one kind, by parent chain and field set.
 * Bit *i* of a field set is the table's *i*-th field, so two writes of the same
 * fields in another order share a shape, with the fields in table order.
 * A key whose value is `undefined` is not written, as in the ORMs' own
 * `insert().values()` and `update().set()`. Tables of more than 31 fields, and
 * values naming a non-field, have no mask: their shapes are kept by the
 * values' keys in their order instead.
 *
 * @example
 * ```ts
 * const shapes = new WriteShapes(['id', 'title', 'body'], (chain, fields) => `${chain}|${fields.join(',')}`);
 * shapes.get('update', { body: 'b', title: 't' }); // 'update|title,body', made once
 * shapes.get('update', { title: 'u', body: 'c' }); // the same string, looked up
 * ```
 */
export class WriteShapes<S> {
  readonly #fields: readonly string[];
  readonly #bits: ReadonlyMap<string, number>;
  readonly #make: (chainKey: string, fields: string[]) => S;
  /** Shapes by chain, then by field-set mask (or, without one, by the keys joined). */
  readonly #byChain = new Map<string, Map<number | string, S>>();

  /** `make` builds the shape of a write under a chain (its key) of some fields. */
  constructor(fields: readonly string[], make: (chainKey: string, fields: string[]) => S) {
    this.#fields = fields;
    this.#bits = new Map(fields.length <= 31 ? fields.map((field, i) => [field, 1 << i]) : []);
    this.#make = make;
  }

  /** The shape of writing the keys of `values` under `chainKey` (a string kept per chain and kind, as `ModelStatements.key` gives). */
  get(chainKey: string, values: Readonly<Record<string, unknown>>): S {
    const mask = this.#mask(values);
    const unmasked = mask < 0 ? Object.keys(values).filter((key) => values[key] !== undefined) : undefined;
    const id = unmasked ? unmasked.join(',') : mask;
    let byId = this.#byChain.get(chainKey);
    if (byId === undefined) {
      byId = new Map();
      this.#byChain.set(chainKey, byId);
    }
    let shape = byId.get(id);
    if (shape === undefined) {
      shape = this.#make(chainKey, unmasked ?? this.#fields.filter((_, i) => mask & (1 << i)));
      if (byId.size < MAX_SETS) byId.set(id, shape);
    }
    return shape;
  }

  /** The bitmask of the keys of `values` with a value, or -1 when one has no bit. */
  #mask(values: Readonly<Record<string, unknown>>): number {
    let mask = 0;
    for (const key in values) {
      if (values[key] === undefined) continue;
      const bit = this.#bits.get(key);
      if (bit === undefined) return -1;
      mask |= bit;
    }
    return mask;
  }
}

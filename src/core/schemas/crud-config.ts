/**
 * `CRUDConfigDict` and the order in which a schema's field set is resolved.
 *
 * @module
 */

/** Field sets of a model, given to an adapter or kept on the model class as `static crudConfig`. */
export interface CRUDConfigInit {
  baseFields?: Iterable<string>;
  publicFields?: Iterable<string>;
  createFields?: Iterable<string>;
  updateFields?: Iterable<string>;
  /**
   * Fields hidden from every response of the model, its own routes and wherever it
   * is an included relation; still accepted on create (a write-only field, such as a password).
   */
  excludeFields?: Iterable<string>;
  /** Fields that stay public but are never written through the API: out of every create and update schema. */
  readOnlyFields?: Iterable<string>;
}

const toSet = (fields: Iterable<string> | undefined) => (fields === undefined ? undefined : new Set(fields));

/**
 * Per-model field sets.
 *
 * @example
 * ```ts
 * const adapter = new DrizzleAdapter({ db, model: post, crudConfig: new CRUDConfigDict({ createFields: ['slug'] }) });
 * new DrizzleAdapter({ db, model: user, crudConfig: { excludeFields: ['password_hash'], readOnlyFields: ['is_admin'] } });
 * ```
 */
export class CRUDConfigDict {
  readonly baseFields: ReadonlySet<string> | undefined;
  readonly publicFields: ReadonlySet<string> | undefined;
  readonly createFields: ReadonlySet<string> | undefined;
  readonly updateFields: ReadonlySet<string> | undefined;
  readonly excludeFields: ReadonlySet<string>;
  readonly readOnlyFields: ReadonlySet<string>;

  constructor(init: CRUDConfigInit = {}) {
    this.baseFields = toSet(init.baseFields);
    this.publicFields = toSet(init.publicFields);
    this.createFields = toSet(init.createFields);
    this.updateFields = toSet(init.updateFields);
    this.excludeFields = toSet(init.excludeFields) ?? new Set();
    this.readOnlyFields = toSet(init.readOnlyFields) ?? new Set();
  }

  /** Accepts a `CRUDConfigDict` or its plain init object. */
  static from(config: CRUDConfigDict | CRUDConfigInit | undefined): CRUDConfigDict {
    return config instanceof CRUDConfigDict ? config : new CRUDConfigDict(config);
  }
}

/**
 * Resolves one schema's fields: explicit `fields` ∪
 * explicit `baseFields`, each falling back to the config's set; the default only
 * when both resolve to nothing.
 */
export function resolveFieldSet(
  fields: Iterable<string> | undefined,
  baseFields: Iterable<string> | undefined,
  configMain: ReadonlySet<string> | undefined,
  configBase: ReadonlySet<string> | undefined,
  defaults: () => Iterable<string>,
): ReadonlySet<string> {
  const main = toSet(fields) ?? configMain ?? new Set<string>();
  const base = toSet(baseFields) ?? configBase ?? new Set<string>();
  if (main.size === 0 && base.size === 0) return new Set(defaults());
  return new Set([...base, ...main]);
}

/**
 * A model's configuration wherever the model is serialised. Every adapter
 * registers its `crudConfig` under its ORM model object (a Drizzle table, a
 * TypeORM entity, a Sequelize model), so a collection that includes the model
 * as a relation shows it with the model's own public fields, whichever
 * adapter the including collection has.
 *
 * @module
 */

import type { FieldMeta, ModelMeta } from '../model-meta.ts';
import { CRUDConfigDict, type CRUDConfigInit, resolveFieldSet } from './crud-config.ts';
import { defaultPublicFields } from './schema-factory.ts';

const registered = new WeakMap<object, CRUDConfigDict[]>();
/** The fields a built router shows a model with (an include's schema): a later config must keep them. */
const shownOnce = new WeakMap<object, { readonly meta: ModelMeta; readonly fields: ReadonlySet<string> }>();
let building = 0;

/**
 * Runs `build` (a router's), recording the fields it shows each model with:
 * a config hiding one of them afterwards throws, rather than fail the
 * router's responses.
 *
 * @example
 * ```ts
 * const router = buildingRouter(() => collection.getRouter({ prefix: '/posts' }));
 * ```
 */
export function buildingRouter<R>(build: () => R): R {
  building++;
  try {
    return build();
  } finally {
    building--;
  }
}

const isKey = (model: unknown): model is object =>
  (typeof model === 'object' && model !== null) || typeof model === 'function';

/**
 * Records `config` as a configuration of `model` (adapters call this for the
 * config they are given). Several adapters of one model each add theirs.
 *
 * @example
 * ```ts
 * registerModelConfig(schema.user, new CRUDConfigDict({ excludeFields: ['password_hash'] }));
 * ```
 */
export function registerModelConfig(model: unknown, config: CRUDConfigDict): void {
  if (!isKey(model)) return;
  // A router built already shows these fields; hiding one now would fail its responses.
  const shown = shownOnce.get(model);
  if (shown) {
    const kept = publicFieldSet(shown.meta, config);
    const hidden = [...shown.fields].filter((name) => !kept.has(name));
    if (hidden.length > 0) {
      throw new TypeError(
        `"${shown.meta.name}" was shown with ${hidden.join(', ')} before this adapter's crudConfig hid them: ` +
          'create every adapter before building the routers',
      );
    }
  }
  const configs = registered.get(model) ?? [];
  if (!configs.includes(config)) configs.push(config);
  registered.set(model, configs);
}

/**
 * The configuration a model class carries itself (`static crudConfig`, a
 * `CRUDConfigDict` or its init object), or `undefined`.
 */
export function ownModelConfig(model: unknown): CRUDConfigDict | undefined {
  const own = isKey(model) ? (model as { crudConfig?: CRUDConfigDict | CRUDConfigInit }).crudConfig : undefined;
  if (!own || typeof own !== 'object') return undefined;
  if (own instanceof CRUDConfigDict) return own;
  let made = fromInit.get(own);
  if (!made) {
    made = new CRUDConfigDict(own);
    fromInit.set(own, made);
  }
  return made;
}

const fromInit = new WeakMap<CRUDConfigInit, CRUDConfigDict>();

/** Every configuration known for `model`: registered by adapters, and its own `static crudConfig`. */
export function modelConfigs(model: unknown): readonly CRUDConfigDict[] {
  if (!isKey(model)) return [];
  const configs = [...(registered.get(model) ?? [])];
  const own = ownModelConfig(model);
  if (own && !configs.includes(own)) configs.push(own);
  return configs;
}

/**
 * The public fields of `meta` under one configuration: the explicit `fields` ∪
 * `baseFields` (each falling back to the config), else every field; never an
 * excluded field other than the primary key. Throws for an explicit set naming
 * a field its ORM hides ({@link FieldMeta.hidden}): the model's ORM never serves it.
 */
export function publicFieldSet(
  meta: ModelMeta,
  config: CRUDConfigDict,
  fields?: Iterable<string>,
  baseFields?: Iterable<string>,
): ReadonlySet<string> {
  const { publicFields, baseFields: configBase, excludeFields } = config;
  const set = resolveFieldSet(fields, baseFields, publicFields, configBase, () =>
    defaultPublicFields(meta, excludeFields),
  );
  const keys = new Set(meta.primaryKey);
  // The default set has no hidden field but a key: any other was named.
  const hidden = meta.fields.filter((f) => f.hidden && !keys.has(f.name) && set.has(f.name)).map((f) => f.name);
  if (hidden.length > 0) {
    throw new TypeError(
      `"${meta.name}": the public fields name ${hidden.join(', ')}, which its ORM hides (TypeORM's ` +
        'select: false, a Sequelize scope or toJSON()): leave them out, or serve a model that shows them',
    );
  }
  return new Set([...set].filter((name) => keys.has(name) || !excludeFields.has(name)));
}

/**
 * The fields of `meta` that may be shown wherever the model is serialised
 * (an included relation): the fields public under every configuration
 * registered for its model object (`meta.model`), or every field the ORM
 * selects when none is. Engines select and serialise no other column.
 *
 * @example
 * ```ts
 * const shown = publicFieldsOf(ormAdapter.describe(user)); // without password_hash
 * ```
 */
export function publicFieldsOf(meta: ModelMeta): ReadonlySet<string> {
  let shown: ReadonlySet<string> | undefined;
  for (const config of modelConfigs(meta.model)) {
    const own = publicFieldSet(meta, config);
    shown = shown ? new Set([...shown].filter((name) => own.has(name))) : own;
  }
  return shown ?? new Set(defaultPublicFields(meta, new Set()));
}

/** The fields each collection's own response schemas show, by model object, read when first asked. */
const servedByCollections = new WeakMap<object, (() => Iterable<string>)[]>();

/**
 * Records that a collection's responses show the `fields` of `model` (its public schema, given or
 * generated, and its create and update answers').
 *
 * @example
 * ```ts
 * registerServedFields(schema.user, () => ['id', 'username', 'api_token']);
 * ```
 */
export function registerServedFields(model: unknown, fields: () => Iterable<string>): void {
  if (!isKey(model)) return;
  // Rows already read decode what was served then: a collection showing more must come before them.
  const settled = servedWhenRead.get(model);
  const more = settled && [...fields()].filter((name) => settled.fields.has(name) && !settled.served.has(name));
  if (more && more.length > 0) {
    throw new TypeError(
      `A collection showing ${more.join(', ')} was made after its model's rows were first read: make every ` +
        'collection before serving requests',
    );
  }
  const served = servedByCollections.get(model) ?? [];
  served.push(fields);
  servedByCollections.set(model, served);
}

/** The fields of each model whose rows were read, and those served then (relation keys are no fields). */
const servedWhenRead = new WeakMap<object, { fields: ReadonlySet<string>; served: ReadonlySet<string> }>();

/**
 * The fields of `meta` some response shows of its own rows: its keys, and those each collection of its model
 * answers with (or, with none, those public under any of its configurations). Includes show theirs apart
 * ({@link publicFieldsOf}). A stored value of another field, which no response expresses, fails no read.
 *
 * @example
 * ```ts
 * servedFieldsOf(ormAdapter.describe(user)).has('password_hash'); // false: no collection shows it
 * ```
 */
export function servedFieldsOf(meta: ModelMeta): ReadonlySet<string> {
  const collections = (isKey(meta.model) && servedByCollections.get(meta.model)) || [];
  const configs = modelConfigs(meta.model);
  const sets: Iterable<string>[] =
    collections.length > 0
      ? collections.map((fields) => fields())
      : configs.length > 0
        ? configs.map((config) => publicFieldSet(meta, config))
        : [defaultPublicFields(meta, new Set())];
  const served = new Set([...meta.primaryKey, ...sets.flatMap((set) => [...set])]);
  if (isKey(meta.model)) servedWhenRead.set(meta.model, { fields: new Set(meta.fields.map((f) => f.name)), served });
  return served;
}

/**
 * {@link publicFieldsOf} for a schema that shows the model (an included
 * relation's), recorded when a router is being built: a config hiding one of
 * these fields later throws.
 *
 * @example
 * ```ts
 * const fields = shownFieldsOf(ormAdapter.describe(user));
 * ```
 */
export function shownFieldsOf(meta: ModelMeta): ReadonlySet<string> {
  const fields = publicFieldsOf(meta);
  if (building > 0 && isKey(meta.model)) shownOnce.set(meta.model, { meta, fields });
  return fields;
}

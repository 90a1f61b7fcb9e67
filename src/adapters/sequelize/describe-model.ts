/**
 * Sequelize model definitions → the core's neutral {@link ModelMeta}:
 * attributes become fields (attribute names are the wire names), associations
 * become relations in both directions (`belongsToMany` through its junction),
 * and `references` on attributes become foreign keys.
 *
 * @module
 */
import type { ColumnDefaults, ForeignKeyMeta, ModelMeta } from 'ormcrud/adapter-kit';
import type { Association } from 'sequelize';
import { describeAssociation } from './describe-association.ts';
import { describeField } from './describe-field.ts';
import { dialectOf } from './dialect.ts';
import { type AnyModel, appliedScope, columnAttributes, findModel, modelName, stampAttributes } from './model-class.ts';
import { leftOutByToJson } from './to-json.ts';

/** Finds a model by table name. */
export type ResolveByName = (name: string) => AnyModel | undefined;

/** Foreign keys from the attributes' `references` (Sequelize adds them for `belongsTo` too). */
function describeForeignKeys(model: AnyModel, resolve: ResolveByName): ForeignKeyMeta[] {
  const keys: ForeignKeyMeta[] = [];
  for (const [name, attribute] of columnAttributes(model)) {
    const references = attribute.references;
    if (!references || typeof references === 'string') continue;
    const target = references.model as string | AnyModel | { tableName: string };
    // A table name, a model, or (in a PostgreSQL schema) the `{ tableName, schema }` Sequelize keeps.
    const targetName =
      typeof target === 'string'
        ? target.toLowerCase()
        : 'getTableName' in target
          ? modelName(target)
          : target.tableName.toLowerCase();
    // `key` is a column of the target; its field is the attribute of that column.
    const targetModel = resolve(targetName);
    const column = references.key ?? 'id';
    const field = targetModel
      ? (columnAttributes(targetModel).find(([, a]) => a.field === column)?.[0] ?? column)
      : column;
    keys.push({ fields: [name], target: targetName, references: [field] });
  }
  return keys;
}

/**
 * Why Sequelize hides some of the model's rows from its own finds (`paranoid`, a scope with `where` or
 * `include`: the default scope, or the named ones of `Model.scope(...)`), which the engine's statements
 * would not: such a model cannot be served.
 *
 * @example
 * ```ts
 * hiddenRows(sequelize.define('archived', {}, { paranoid: true })); // 'is paranoid (soft-deleting)'
 * ```
 */
export function hiddenRows(model: AnyModel): string | undefined {
  const { paranoid, timestamps } = model.options as { paranoid?: boolean; timestamps?: boolean };
  // Sequelize soft-deletes only with timestamps on.
  if (paranoid && timestamps !== false) return 'is paranoid (soft-deleting)';
  const { scope, names } = appliedScope(model);
  const hiding = ['where', 'include'].filter((key) => key in scope);
  if (hiding.length === 0) return undefined;
  const quoted = names.map((name) => `"${name}"`).join(' and ');
  const which = names.length === 1 && names[0] === 'defaultScope' ? 'a default scope' : `the scope ${quoted}`;
  return `has ${which} with ${hiding.join(' and ')}`;
}

/**
 * Whether an association joins rows the way Sequelize does: not when it hides some (a `scope` of its own
 * or its junction's, as a polymorphic one has) or reaches a model, or a junction, whose rows Sequelize hides.
 */
function servable(association: Association): boolean {
  type Scoped = { scope?: object; through?: { model: AnyModel; scope?: object } };
  const { scope, through } = association as Association & Scoped;
  const scoped = (where?: object) => where !== undefined && Object.keys(where).length > 0;
  if (scoped(scope) || scoped(through?.scope)) return false;
  return !hiddenRows(association.target) && !(through && hiddenRows(through.model));
}

/**
 * Whether the scope the model applies leaves an attribute out: `attributes: { exclude }` (unless its
 * `include` adds it back, as Sequelize's finds do), or a list without it.
 */
function scopedOut(model: AnyModel): (name: string) => boolean {
  const { attributes } = appliedScope(model).scope;
  // A listed entry is a name, or `[expression, alias]`.
  const named = (list: unknown) =>
    Array.isArray(list) ? list.map((entry) => (Array.isArray(entry) ? entry[1] : entry)) : [];
  if (Array.isArray(attributes)) {
    const names = named(attributes);
    return (name) => !names.includes(name);
  }
  const { exclude, include } = (attributes ?? {}) as { exclude?: unknown; include?: unknown };
  const excluded = named(exclude).filter((name) => !named(include).includes(name));
  return (name) => excluded.includes(name);
}

/**
 * Throws for an attribute with its own `get` or `set`: the engine reads and writes columns as they are, so
 * a hashing setter or a masking getter would be skipped without a word.
 */
function refuseAccessors(model: AnyModel): void {
  const { getterMethods = {}, setterMethods = {} } = model.options as {
    getterMethods?: object;
    setterMethods?: object;
  };
  const columns = new Set(columnAttributes(model).map(([name]) => name));
  const attributes = Object.entries(model.getAttributes());
  // Any setter (a VIRTUAL one writes other attributes: a password into its hash), and a getter of a column.
  const setters = new Set([
    ...attributes.filter(([, a]) => a.set !== undefined).map(([name]) => name),
    ...Object.keys(setterMethods),
  ]);
  const getters = new Set(
    [...attributes.filter(([, a]) => a.get !== undefined).map(([name]) => name), ...Object.keys(getterMethods)].filter(
      (name) => columns.has(name),
    ),
  );
  const owning = (names: ReadonlySet<string>, accessor: string) =>
    `${[...names].map((name) => `${model.name}.${name}`).join(', ')} ${names.size === 1 ? 'has its' : 'have their'} own ${accessor}`;
  const refusals = [
    setters.size > 0 &&
      `${owning(setters, 'set')}, which the adapter's writes would skip: not supported (apply it in a ` +
        'createOneHandler or updateOneHandler override instead)',
    getters.size > 0 &&
      `${owning(getters, 'get')}, which the adapter's reads would skip, serving the stored value: not ` +
        'supported (remove it; hide the attribute with excludeFields if clients must not see the stored value, ' +
        'or derive what they see in a getOneHandler or getManyHandler override)',
  ].filter((refusal) => refusal !== false);
  if (refusals.length > 0) throw new TypeError(`SequelizeAdapter: ${refusals.join('; ')}`);
}

/**
 * Describes a Sequelize model for the core: timestamps, the version counter,
 * auto-increment and SQL-defaulted attributes, and keys Sequelize makes
 * (`DataTypes.UUIDV4`), are server-generated; another attribute with a
 * JavaScript default (a constant, `DataTypes.NOW`) is optional on create; one its scope (the default one, or
 * those of `Model.scope(...)`) or its own `toJSON()` leaves out is hidden. `resolve` finds a model by its
 * table name, to name a referenced column's attribute (default: among the
 * models of the same Sequelize instance).
 *
 * @example
 * ```ts
 * const meta = describeModel(models.post);
 * meta.primaryKey; // ['id']
 * ```
 */
export function describeModel(
  model: AnyModel,
  resolve: ResolveByName = (name) => findModel(model.sequelize, name),
): ModelMeta {
  refuseAccessors(model);
  const { created, updated, version } = stampAttributes(model);
  const stamped = new Set([created, updated, version].filter((name) => name !== undefined));
  const database: ColumnDefaults = model.sequelize
    ? dialectOf(model.sequelize)
    : { wideIntegers: false, timeFormat: 'time' };
  const described = columnAttributes(model).map(([name, attribute]) =>
    describeField(name, attribute, stamped, database),
  );
  // Left out of what Sequelize serves: by the scope it applies, or by the model's own `toJSON()`.
  const scoped = scopedOut(model);
  const serialisedOut = leftOutByToJson(model, described);
  return {
    name: modelName(model),
    model,
    fields: described.map((field) =>
      scoped(field.name) || serialisedOut.has(field.name) ? { ...field, hidden: true } : field,
    ),
    primaryKey: [...model.primaryKeyAttributes],
    foreignKeys: describeForeignKeys(model, resolve),
    relations: Object.values(model.associations).filter(servable).map(describeAssociation),
  };
}

/**
 * What the adapter reads off a Sequelize model class: its name, its column
 * attributes and their types, the attributes Sequelize stamps itself, and the
 * model of a name.
 *
 * @module
 */
import { refuseSharedName } from 'ormcrud/adapter-kit';
import { DataTypes, type ModelAttributeColumnOptions, type ModelStatic, type Sequelize, Utils } from 'sequelize';

/** A Sequelize model class of any instance type. */
// biome-ignore lint/suspicious/noExplicitAny: Sequelize's models are generic over their instances
export type AnyModel = ModelStatic<any>;

/** What Sequelize keeps on a model class beyond its typings: which attributes it stamps itself. */
interface Stamped {
  readonly _timestampAttributes?: { createdAt?: string; updatedAt?: string; deletedAt?: string };
  readonly _versionAttribute?: string;
}

/** The options of a scope, as far as the adapter reads them. */
export interface ScopeOptions {
  readonly where?: unknown;
  readonly include?: unknown;
  readonly attributes?: unknown;
}

/** What Sequelize keeps on a model class beyond its typings: the scope its finds apply, and its names. */
interface Scoped {
  readonly _scope?: ScopeOptions;
  readonly _scopeNames?: readonly string[];
}

/**
 * The scope Sequelize applies to the class's finds: its default scope, the named ones of a class
 * `Model.scope(...)` made, none after `unscoped()`; `names` as Sequelize lists them (`defaultScope`).
 */
export function appliedScope(model: AnyModel): { scope: ScopeOptions; names: readonly string[] } {
  const { _scope: scope = {}, _scopeNames: names = [] } = model as unknown as Scoped;
  return { scope, names };
}

/**
 * The model class `Model.scope(...)` or `unscoped()` made its class from (itself if neither): the class
 * associations and `sequelize.models` hold, so the one includes of the model resolve to.
 */
export function baseModel(model: AnyModel): AnyModel {
  let base = model;
  while ((base as { scoped?: boolean }).scoped === true) base = Object.getPrototypeOf(base) as AnyModel;
  return base;
}

/** The attributes Sequelize fills itself: `createdAt`, `updatedAt`, the version counter. */
export function stampAttributes(model: AnyModel): { created?: string; updated?: string; version?: string } {
  const { _timestampAttributes: stamps = {}, _versionAttribute: version } = model as unknown as Stamped;
  return { created: stamps.createdAt, updated: stamps.updatedAt, version };
}

/** The model's attributes, without `VIRTUAL` ones (they have no column). */
export function columnAttributes(model: AnyModel): [string, ModelAttributeColumnOptions][] {
  return Object.entries(model.getAttributes()).filter(([, attribute]) => kindKey(attribute) !== 'VIRTUAL');
}

/** Sequelize's name of an attribute's data type (`STRING`, `INTEGER`, …). */
export const kindKey = (attribute: ModelAttributeColumnOptions): string =>
  String((attribute.type as { key?: string }).key ?? attribute.type).toUpperCase();

/** A default written as SQL (`sequelize.fn`, `sequelize.literal`): the database computes it. */
export const isSqlDefault = (value: unknown): boolean => value instanceof Utils.SequelizeMethod;

/** A default Sequelize makes afresh for each row (`DataTypes.UUIDV4`, `NOW`, a function), not a constant. */
export const isMadeDefault = (value: unknown): boolean =>
  typeof value === 'function' || value instanceof DataTypes.ABSTRACT;

/** The core's model name of a Sequelize model: its table name, lower-case. */
export function modelName(model: AnyModel): string {
  const table = model.getTableName();
  return (typeof table === 'string' ? table : table.tableName).toLowerCase();
}

/** A model's table as `schema.table`, or its name alone. */
function tablePath(model: AnyModel): string {
  const table = model.getTableName();
  return typeof table === 'string' ? table : [table.schema, table.tableName].filter(Boolean).join('.');
}

/**
 * A model of a Sequelize instance by table name (any case), else by model name.
 *
 * @example
 * ```ts
 * findModel(sequelize, 'post_translation'); // the model whose table that is
 * ```
 */
export function findModel(sequelize: Sequelize | undefined, name: string): AnyModel | undefined {
  const models = Object.values(sequelize?.models ?? {}) as AnyModel[];
  const lower = name.toLowerCase();
  const named = models.filter((m) => modelName(m) === lower);
  refuseSharedName('SequelizeAdapter', name, named.map(tablePath));
  return named[0] ?? models.find((m) => m.name === name);
}

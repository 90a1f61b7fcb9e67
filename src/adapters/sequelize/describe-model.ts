/**
 * Sequelize model definitions → the core's neutral {@link ModelMeta}:
 * attributes become fields (attribute names are the wire names), associations
 * become relations in both directions (`belongsToMany` through its junction),
 * and `references` on attributes become foreign keys.
 *
 * @module
 */
import {
  type FieldKind,
  type FieldMeta,
  type ForeignKeyMeta,
  type IntegerRange,
  integerRange,
  type ModelMeta,
  type RelationMeta,
} from 'ormcrud/adapter-kit';
import { type Association, type ModelAttributeColumnOptions, type ModelStatic, type Sequelize, Utils } from 'sequelize';
import { dialectOf } from './dialect.ts';

/** A Sequelize model class of any instance type. */
// biome-ignore lint/suspicious/noExplicitAny: Sequelize's models are generic over their instances
export type AnyModel = ModelStatic<any>;

const KINDS: Record<string, FieldKind> = {
  STRING: 'string',
  CHAR: 'string',
  TEXT: 'string',
  CITEXT: 'string',
  INTEGER: 'integer',
  SMALLINT: 'integer',
  MEDIUMINT: 'integer',
  TINYINT: 'integer',
  BIGINT: 'bigint',
  FLOAT: 'number',
  REAL: 'number',
  DOUBLE: 'number',
  'DOUBLE PRECISION': 'number',
  DECIMAL: 'number',
  BOOLEAN: 'boolean',
  DATE: 'datetime',
  DATEONLY: 'date',
  UUID: 'uuid',
  ENUM: 'enum',
  JSON: 'json',
  JSONB: 'json',
};

/** What Sequelize keeps on a model class beyond its typings: which attributes it stamps itself. */
interface Stamped {
  readonly _timestampAttributes?: { createdAt?: string; updatedAt?: string; deletedAt?: string };
  readonly _versionAttribute?: string;
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
const kindKey = (attribute: ModelAttributeColumnOptions): string =>
  String((attribute.type as { key?: string }).key ?? attribute.type).toUpperCase();

/** A default written as SQL (`sequelize.fn`, `sequelize.literal`): the database computes it. */
export const isSqlDefault = (value: unknown): boolean => value instanceof Utils.SequelizeMethod;

/** The core's model name of a Sequelize model: its table name, lower-case. */
export function modelName(model: AnyModel): string {
  const table = model.getTableName();
  return (typeof table === 'string' ? table : table.tableName).toLowerCase();
}

/** Bytes of the integer types narrower than a safe integer, outside SQLite (whose are all 8 bytes). */
const INTEGER_BYTES: Record<string, 1 | 2 | 3 | 4> = { INTEGER: 4, SMALLINT: 2, MEDIUMINT: 3, TINYINT: 1 };

/** The values an integer attribute's column holds, when narrower than a safe integer (never on wide integers). */
function rangeOf(attribute: ModelAttributeColumnOptions, wideIntegers: boolean): IntegerRange | undefined {
  const bytes = INTEGER_BYTES[kindKey(attribute)];
  if (!bytes || wideIntegers) return undefined;
  const type = attribute.type as { _unsigned?: boolean; options?: { unsigned?: boolean } };
  return integerRange(bytes, type._unsigned === true || type.options?.unsigned === true);
}

function describeField(
  name: string,
  attribute: ModelAttributeColumnOptions,
  stamped: ReadonlySet<string>,
  wideIntegers: boolean,
): FieldMeta {
  const kind = KINDS[kindKey(attribute)] ?? 'unknown';
  const range = kind === 'integer' ? rangeOf(attribute, wideIntegers) : undefined;
  const type = attribute.type as { options?: { length?: number }; values?: readonly string[] };
  const length = Number(type.options?.length);
  const defaultValue = attribute.defaultValue;
  return {
    name,
    kind,
    ...(range && { range }),
    ...(kind === 'enum' ? { enumValues: [...(attribute.values ?? type.values ?? [])] } : {}),
    ...(kind === 'string' && length > 0 ? { maxLength: length } : {}),
    nullable: attribute.allowNull !== false && !attribute.primaryKey,
    primaryKey: attribute.primaryKey === true,
    serverGenerated: attribute.autoIncrement === true || stamped.has(name) || isSqlDefault(defaultValue),
    hasClientDefault: defaultValue !== undefined && !isSqlDefault(defaultValue),
    ...(attribute.comment && { description: attribute.comment }),
  };
}

/** The relation an association stands for, whichever side holds the foreign key. */
function describeAssociation(association: Association): RelationMeta {
  const a = association as Association & { sourceKey?: string; targetKey?: string; otherKey?: string };
  const base = { name: a.as, target: modelName(a.target) };
  switch (a.associationType) {
    case 'BelongsTo':
      return { ...base, many: false, fields: [a.foreignKey], references: [a.targetKey as string] };
    case 'BelongsToMany': {
      const through = (a as unknown as { through: { model: AnyModel } }).through.model;
      return {
        ...base,
        many: true,
        fields: [a.sourceKey as string],
        references: [a.targetKey as string],
        through: {
          model: modelName(through),
          sourceFields: [a.foreignKey],
          junctionTargetFields: [a.otherKey as string],
          targetFields: [a.targetKey as string],
        },
      };
    }
    default:
      return {
        ...base,
        many: a.associationType === 'HasMany',
        fields: [a.sourceKey as string],
        references: [a.foreignKey],
      };
  }
}

/** Finds a model by table name. */
export type ResolveByName = (name: string) => AnyModel | undefined;

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
  return models.find((m) => modelName(m) === lower) ?? models.find((m) => m.name === name);
}

/** Foreign keys from the attributes' `references` (Sequelize adds them for `belongsTo` too). */
function describeForeignKeys(model: AnyModel, resolve: ResolveByName): ForeignKeyMeta[] {
  const keys: ForeignKeyMeta[] = [];
  for (const [name, attribute] of columnAttributes(model)) {
    const references = attribute.references;
    if (!references || typeof references === 'string') continue;
    const target = references.model;
    const targetName = typeof target === 'string' ? target.toLowerCase() : modelName(target as AnyModel);
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
 * Describes a Sequelize model for the core: timestamps, the version counter,
 * auto-increment and SQL-defaulted attributes are server-generated; an
 * attribute with a JavaScript default (a constant, `DataTypes.NOW`,
 * `DataTypes.UUIDV4`) is optional on create. `resolve` finds a model by its
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
  const { created, updated, version } = stampAttributes(model);
  const stamped = new Set([created, updated, version].filter((name) => name !== undefined));
  const wideIntegers = model.sequelize ? dialectOf(model.sequelize).wideIntegers : false;
  return {
    name: modelName(model),
    model,
    fields: columnAttributes(model).map(([name, attribute]) => describeField(name, attribute, stamped, wideIntegers)),
    primaryKey: [...model.primaryKeyAttributes],
    foreignKeys: describeForeignKeys(model, resolve),
    relations: Object.values(model.associations).map(describeAssociation),
  };
}

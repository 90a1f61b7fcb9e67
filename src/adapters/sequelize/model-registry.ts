/**
 * One Sequelize instance's models: model classes, or names (table name or
 * model name) resolved through `sequelize.models`, each described for the
 * core and the engine once.
 *
 * @module
 */
import {
  type ColumnSpec,
  cached,
  type FieldMeta,
  type Fill,
  type ModelMeta,
  type ModelSpec,
} from 'ormcrud/adapter-kit';
import { type Sequelize, Utils } from 'sequelize';
import { codecOf } from './codecs.ts';
import { describeModel } from './describe-model.ts';
import { type AnyModel, columnAttributes, findModel, isSqlDefault, kindKey, stampAttributes } from './model-class.ts';

/** A timestamp as Sequelize writes one, on create and update alike: the app's clock, in the column's own text form. */
const STAMP: Fill = { kind: 'value', value: () => new Date() };
/** Sequelize's own filling of a JavaScript default (`DataTypes.NOW`, `UUIDV4`, a function, a constant). */
const toDefaultValue = Utils.toDefaultValue as (value: unknown, dialect: string) => unknown;

/**
 * Resolves and describes the models of one Sequelize instance.
 *
 * @example
 * ```ts
 * const registry = new ModelRegistry(sequelize);
 * registry.meta(models.post).primaryKey; // ['id']
 * registry.spec('thread').table; // ['thread']
 * ```
 */
export class ModelRegistry {
  readonly #metas = new Map<AnyModel, ModelMeta>();
  readonly #specs = new Map<AnyModel, ModelSpec>();

  constructor(readonly sequelize: Sequelize) {}

  /** A model class, or a model by table name or model name. */
  modelOf(model: unknown): AnyModel {
    if (typeof model !== 'string') return model as AnyModel;
    const found = findModel(this.sequelize, model);
    if (!found) throw new TypeError(`SequelizeAdapter: no model named "${model}"`);
    return found;
  }

  /** The core's description of a model, made once. */
  meta(model: unknown): ModelMeta {
    const resolved = this.modelOf(model);
    return cached(this.#metas, resolved, () => describeModel(resolved));
  }

  /** A model described for the engine, made once. */
  spec(model: unknown): ModelSpec {
    const resolved = this.modelOf(model);
    return cached(this.#specs, resolved, () => this.#describe(resolved));
  }

  #describe(model: AnyModel): ModelSpec {
    const meta = this.meta(model);
    const dialectName = this.sequelize.getDialect();
    const { created, updated, version } = stampAttributes(model);
    const table = model.getTableName();
    const columns = columnAttributes(model).map(([name, attribute], i): ColumnSpec => {
      // Described from the same attributes, in the same order.
      const field = meta.fields[i] as FieldMeta;
      const { defaultValue } = attribute;
      // What Sequelize fills in itself on create: its timestamps, the version counter, and JavaScript defaults.
      let onInsert: Fill | undefined;
      if (name === created || name === updated) onInsert = STAMP;
      else if (name === version) onInsert = { kind: 'value', value: () => 0 };
      else if (defaultValue !== undefined && !isSqlDefault(defaultValue)) {
        onInsert = { kind: 'value', value: () => toDefaultValue(defaultValue, dialectName) };
      }
      return {
        field: name,
        column: attribute.field ?? name,
        primaryKey: field.primaryKey,
        nullable: field.nullable,
        autoIncrement: attribute.autoIncrement === true,
        selected: true,
        ...codecOf(field.kind, dialectName),
        // Sequelize makes an `ENUM` its database's enum type where the database has one.
        enumType: kindKey(attribute) === 'ENUM',
        onInsert,
        onUpdate: name === updated ? STAMP : name === version ? { kind: 'increment' } : undefined,
      };
    });
    return {
      meta,
      table: typeof table === 'string' ? [table] : [table.schema, table.tableName].filter(Boolean),
      columns,
    };
  }
}

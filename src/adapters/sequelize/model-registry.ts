/**
 * One Sequelize instance's models: model classes, or names (table name or
 * model name) resolved through `sequelize.models`, each described and
 * compiled for SQL once.
 *
 * @module
 */
import type { FieldMeta, ModelMeta } from 'ormcrud';
import { type Sequelize, Utils } from 'sequelize';
import { type SqlColumnSpec, SqlModel } from '../sql/sql-model.ts';
import { codecOf } from './codecs.ts';
import {
  type AnyModel,
  columnAttributes,
  describeModel,
  findModel,
  isSqlDefault,
  stampAttributes,
} from './describe-model.ts';
import { dialectOf } from './dialect.ts';

/** Sequelize's own filling of a JavaScript default (`DataTypes.NOW`, `UUIDV4`, a function, a constant). */
const toDefaultValue = Utils.toDefaultValue as (value: unknown, dialect: string) => unknown;

/**
 * Resolves, describes and compiles the models of one Sequelize instance.
 *
 * @example
 * ```ts
 * const registry = new ModelRegistry(sequelize);
 * registry.meta(Post).primaryKey; // ['id']
 * registry.sqlModel('thread').table; // '"thread"'
 * ```
 */
export class ModelRegistry {
  readonly #metas = new Map<AnyModel, ModelMeta>();
  readonly #compiled = new Map<AnyModel, SqlModel>();

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
    let meta = this.#metas.get(resolved);
    if (!meta) {
      if ((resolved.options as { paranoid?: boolean }).paranoid) {
        throw new TypeError(`SequelizeAdapter: "${resolved.name}" is paranoid; soft-deleting models are not supported`);
      }
      meta = describeModel(resolved);
      this.#metas.set(resolved, meta);
    }
    return meta;
  }

  /** A model compiled for the shared SQL builders, made once. */
  sqlModel(model: unknown): SqlModel {
    const resolved = this.modelOf(model);
    let compiled = this.#compiled.get(resolved);
    if (!compiled) {
      compiled = this.#compile(resolved);
      this.#compiled.set(resolved, compiled);
    }
    return compiled;
  }

  #compile(model: AnyModel): SqlModel {
    const meta = this.meta(model);
    const dialect = dialectOf(this.sequelize);
    const dialectName = this.sequelize.getDialect();
    const { created, updated, version } = stampAttributes(model);
    const table = model.getTableName();
    const columns = columnAttributes(model).map(([name, attribute], i): SqlColumnSpec => {
      // Described from the same attributes, in the same order.
      const field = meta.fields[i] as FieldMeta;
      const { defaultValue } = attribute;
      // What Sequelize fills in itself on create: its timestamps, the version counter, and JavaScript defaults.
      let insertDefault: (() => unknown) | undefined;
      if (name === created || name === updated) insertDefault = () => new Date();
      else if (name === version) insertDefault = () => 0;
      else if (defaultValue !== undefined && !isSqlDefault(defaultValue)) {
        insertDefault = () => toDefaultValue(defaultValue, dialectName);
      }
      return {
        wire: name,
        name: attribute.field ?? name,
        primary: field.primaryKey,
        nullable: field.nullable,
        generated: attribute.autoIncrement === true,
        selected: true,
        text: field.kind === 'string',
        bigint: field.kind === 'bigint',
        ...codecOf(field.kind, dialect.family),
        insertDefault,
        onUpdate: name === updated ? 'now' : name === version ? 'increment' : undefined,
      };
    });
    return new SqlModel({
      name: meta.name,
      table: typeof table === 'string' ? [table] : [table.schema, table.tableName].filter(Boolean),
      columns,
      relations: meta.relations,
      dialect,
    });
  }
}

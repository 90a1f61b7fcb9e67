/**
 * A Sequelize association → the core's {@link RelationMeta}, in either
 * direction; a `belongsToMany` through its junction.
 *
 * @module
 */
import type { RelationMeta } from 'ormcrud/adapter-kit';
import type { Association } from 'sequelize';
import { type AnyModel, modelName } from './model-class.ts';

/** The relation an association stands for, whichever side holds the foreign key. */
export function describeAssociation(association: Association): RelationMeta {
  const a = association as Association & { sourceKey?: string; targetKey?: string; otherKey?: string };
  const base = { name: a.as, target: modelName(a.target) };
  switch (a.associationType) {
    case 'BelongsTo':
      return { ...base, many: false, fields: [a.foreignKey], references: [a.targetKey as string], holdsKey: true };
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
        holdsKey: false,
      };
  }
}

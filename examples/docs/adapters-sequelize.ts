// adapters-sequelize.ts: a SequelizeAdapter over a model defined on a Sequelize instance.
import { CRUDCollection } from 'ormcrud';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { DataTypes, type Sequelize } from 'sequelize';

export function categoryCollection(sequelize: Sequelize): CRUDCollection {
  const Category = sequelize.define(
    'category',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING(100), allowNull: false },
    },
    { tableName: 'category', timestamps: false },
  );
  return new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: Category }) });
}

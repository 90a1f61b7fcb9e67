// adapters-typeorm.ts: a TypeORMAdapter over an entity of an initialised DataSource.
import 'reflect-metadata';
import { CRUDCollection } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('category')
export class Category {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;
}

export function openDataSource(url: string): Promise<DataSource> {
  return new DataSource({ type: 'postgres', url, entities: [Category] }).initialize();
}

export function categoryCollection(dataSource: DataSource): CRUDCollection {
  return new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Category }) });
}

// adapters-typeorm.ts: a TypeORMAdapter over an entity of an initialised DataSource.
import 'reflect-metadata';
import { createRequire } from 'node:module';
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

// SQLite through the `libsql` package, which TypeORM drives as its better-sqlite3 driver.
export function openSqliteDataSource(file: string): Promise<DataSource> {
  const driver = createRequire(import.meta.url)('libsql');
  return new DataSource({ type: 'better-sqlite3', database: file, driver, entities: [Category] }).initialize();
}

export function categoryCollection(dataSource: DataSource): CRUDCollection {
  return new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Category }) });
}

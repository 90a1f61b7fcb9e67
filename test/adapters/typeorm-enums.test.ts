/**
 * TypeORM enum columns through HTTP: a numeric TypeScript enum's values are
 * numbers on the wire, as TypeORM hydrates them (in bodies, responses and
 * filters); a string enum's are strings.
 */
import 'reflect-metadata';
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { Column, type DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { memoryDataSource } from '../fixtures/typeorm/target.ts';
import { call } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

enum Level {
  Low = 1,
  High = 2,
}

enum Colour {
  Red = 'red',
  Blue = 'blue',
}

@Entity('enum_article')
class Article {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'simple-enum', enum: Level })
  level!: Level;

  @Column({ type: 'simple-enum', enum: Colour })
  colour!: Colour;
}

let dataSource: DataSource;
let app: TestApp;
before(async () => {
  dataSource = await memoryDataSource([Article]);
  await dataSource.synchronize();
  const articles = new CRUDCollection({ ormAdapter: new TypeORMAdapter({ dataSource, model: Article }) });
  app = await routersApp('fastify', [articles.getRouter({ prefix: '/articles' })]);
});
after(async () => {
  await app.close();
  await dataSource.destroy();
});

test('a numeric enum takes and gives numbers; a string enum strings', async () => {
  const created = await call(app, 'POST', '/articles', { level: Level.High, colour: Colour.Blue });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual([created.body.level, created.body.colour], [2, 'blue']);
  assert.deepEqual((await call(app, 'GET', `/articles/${created.body.id}`)).body.level, 2);
  const found = (await call(app, 'GET', '/articles?level=2&colour=blue')).body.data;
  assert.deepEqual(
    found.map((row: { id: number }) => row.id),
    [created.body.id],
  );
  for (const level of [3, '2']) {
    const refused = await call(app, 'POST', '/articles', { level, colour: Colour.Red });
    assert.equal(refused.status, 422, JSON.stringify(level));
  }
});

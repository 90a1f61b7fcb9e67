/**
 * Text columns whose database checks their text, as every adapter reads them
 * from its ORM's model: a `time` (of day on PostgreSQL, a duration on MySQL,
 * without a zone) and PostgreSQL's `inet` and `cidr` are strings of a format, a
 * `time with time zone` is not; and the pattern the OpenAPI document states for
 * each. No database is reached.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as my from 'drizzle-orm/mysql-core';
import * as pg from 'drizzle-orm/pg-core';
import { CRUDCollection, createOpenApiDocument, type FieldMeta, type ORMAdapterBase } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { TypeORMAdapter } from 'ormcrud/typeorm';
import { DataTypes, Sequelize } from 'sequelize';
import { DataSource, EntitySchema } from 'typeorm';

const noSession = async () => {
  throw new Error('no database in this test');
};
const formatsOf = (adapter: ORMAdapterBase) =>
  Object.fromEntries(adapter.describe().fields.map((f: FieldMeta) => [f.name, [f.kind, f.format]]));

describe('text formats', () => {
  test('Drizzle: time, inet and cidr; a time with a zone and MySQL text are plain, a MySQL time a duration', () => {
    const pgTable = pg.pgTable('pg_host', {
      id: pg.serial('id').primaryKey(),
      opens: pg.time('opens'),
      zoned: pg.time('zoned', { withTimezone: true }),
      ip: pg.inet('ip'),
      net: pg.cidr('net'),
    });
    assert.deepEqual(formatsOf(new DrizzleAdapter({ model: pgTable, getSession: noSession })), {
      id: ['integer', undefined],
      opens: ['string', 'time'],
      zoned: ['string', undefined],
      ip: ['string', 'inet'],
      net: ['string', 'cidr'],
    });
    const myTable = my.mysqlTable('my_host', {
      id: my.serial('id').primaryKey(),
      opens: my.time('opens'),
      ip: my.varchar('ip', { length: 45 }),
    });
    assert.deepEqual(formatsOf(new DrizzleAdapter({ model: myTable, getSession: noSession })), {
      id: ['integer', undefined],
      opens: ['string', 'duration'],
      ip: ['string', undefined],
    });
  });

  test('TypeORM: time, inet and cidr; a time with a zone stays free-form', async () => {
    const entity = new EntitySchema<Record<string, unknown>>({
      name: 'Host',
      tableName: 'host',
      columns: {
        id: { type: 'int', primary: true, generated: 'increment' },
        opens: { type: 'time' },
        zoned: { type: 'timetz' },
        ip: { type: 'inet' },
        net: { type: 'cidr' },
      },
    });
    const dataSource = new DataSource({ type: 'postgres', database: 'none', entities: [entity] });
    // The metadata alone, without connecting: what `initialize()` builds first.
    await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
    assert.deepEqual(formatsOf(new TypeORMAdapter({ dataSource, model: entity })), {
      id: ['integer', undefined],
      opens: ['string', 'time'],
      zoned: ['unknown', undefined],
      ip: ['string', 'inet'],
      net: ['string', 'cidr'],
    });
    const columns = { id: { type: 'int' as const, primary: true }, opens: { type: 'time' as const } };
    const timed = new EntitySchema<Record<string, unknown>>({ name: 'Shop', tableName: 'shop', columns });
    const onMysql = new DataSource({ type: 'mysql', database: 'none', entities: [timed] });
    await (onMysql as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
    assert.deepEqual(formatsOf(new TypeORMAdapter({ dataSource: onMysql, model: timed })).opens, [
      'string',
      'duration',
    ]);
  });

  test("Sequelize: TIME, INET and CIDR; MySQL's TIME a duration", () => {
    const sequelize = new Sequelize({ dialect: 'postgres', logging: false });
    const model = sequelize.define(
      'host',
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        opens: DataTypes.TIME,
        ip: DataTypes.INET,
        net: DataTypes.CIDR,
      },
      { tableName: 'host', timestamps: false },
    );
    assert.deepEqual(formatsOf(new SequelizeAdapter({ model })), {
      id: ['integer', undefined],
      opens: ['string', 'time'],
      ip: ['string', 'inet'],
      net: ['string', 'cidr'],
    });
    const onMysql = new Sequelize({ dialect: 'mysql', logging: false });
    const shop = onMysql.define('shop', { opens: DataTypes.TIME }, { tableName: 'shop', timestamps: false });
    assert.deepEqual(formatsOf(new SequelizeAdapter({ model: shop })).opens, ['string', 'duration']);
  });

  test('the document states each format as a pattern taking what the databases print', () => {
    const table = pg.pgTable('host', { id: pg.serial('id').primaryKey(), opens: pg.time('opens'), ip: pg.inet('ip') });
    const router = new CRUDCollection({
      ormAdapter: new DrizzleAdapter({ model: table, getSession: noSession }),
    }).getRouter({ prefix: '/hosts' });
    const doc = createOpenApiDocument([router], { info: { title: 't', version: '1' } });
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, { pattern?: string }> }>;
    const takes = (field: string, value: string) =>
      new RegExp(String(schemas.HostCreate?.properties[field]?.pattern), 'u').test(value);
    assert.equal(schemas.Host?.properties.opens?.pattern, schemas.HostCreate?.properties.opens?.pattern);
    const times = ['00:00:00', '23:59:59', '12:30:00.5', '12:30:00.123456', '24:00:00', '24:00:00.000000'];
    assert.deepEqual(
      times.map((v) => takes('opens', v)),
      times.map(() => true),
    );
    const badTimes = ['24:00:01', '24:00:00.5', '25:00:00', '12:60:00', '12:00:60', '1:00:00', '12:00', '12:00:00.'];
    badTimes.push('12:00:00.1234567', '-01:00:00', '100:00:00');
    assert.deepEqual(
      badTimes.map((v) => takes('opens', v)),
      badTimes.map(() => false),
    );
    // A MySQL TIME keeps whole seconds unless it declares more (`fsp`): `closes` takes no fraction but zeros.
    const mysqlTable = my.mysqlTable('shop', {
      id: my.serial('id').primaryKey(),
      opens: my.time('opens', { fsp: 6 }),
      closes: my.time('closes'),
    });
    const shops = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ model: mysqlTable, getSession: noSession }) });
    const shopDoc = createOpenApiDocument([shops.getRouter({ prefix: '/shops' })], {
      info: { title: 't', version: '1' },
    });
    const durations = (shopDoc.components.schemas as typeof schemas).ShopCreate?.properties.opens?.pattern;
    const lasts = (value: string) => new RegExp(String(durations), 'u').test(value);
    const spans = ['00:00:00', '-00:30:00', '25:00:00', '100:00:00', '-838:59:59.999999', '838:59:59', '99:59:59.5'];
    assert.deepEqual(
      spans.filter((v) => !lasts(v)),
      [],
    );
    const badSpans = ['839:00:00', '-839:00:00', '1000:00:00', '099:00:00', '1:00:00', '+01:00:00', '12:60:00'];
    badSpans.push('838:59:59.1234567', '--01:00:00', '12:00');
    assert.deepEqual(badSpans.filter(lasts), []);
    const closes = new RegExp(
      String((shopDoc.components.schemas as typeof schemas).ShopCreate?.properties.closes?.pattern),
    );
    assert.deepEqual(
      ['-838:59:59', '99:59:59.000', '99:59:59.5', '838:59:59.000001'].map((v) => closes.test(v)),
      [true, true, false, false],
    );
    const addresses = [
      ...['0.0.0.0', '255.255.255.255', '10.0.0.0/8', '192.168.1.0/32', '1.2.3.4/0'],
      ...['::', '::1', '::/0', '1:2:3:4:5:6:7:8', '1::', '1::8', '1:2:3:4:5:6::8', '1::3:4:5:6:7:8', 'ABCD::ef/64'],
      ...['::ffff:192.0.2.1', '::192.0.2.1', '1:2:3:4:5:6:1.2.3.4', '64:ff9b::192.0.2.33/96', '2001:db8::/128'],
    ];
    assert.deepEqual(
      addresses.filter((v) => !takes('ip', v)),
      [],
    );
    const nonAddresses = [
      ...['', '1.2.3', '1.2.3.4.5', '256.1.1.1', '01.2.3.4', '1.2.3.4/33', '1.2.3.4/', ' 1.2.3.4', 'localhost'],
      ...['1::2::3', ':::', '1:2:3:4:5:6:7:8:9', '12345::', '1:2:3:4:5:6:7::8', 'fe80::1%eth0', '::1/129', 'g::1'],
      ...['::ffff:1.2.3.256', '1:2:3:4:5:6:7:1.2.3.4', '::1.2.3'],
    ];
    assert.deepEqual(
      nonAddresses.filter((v) => takes('ip', v)),
      [],
    );
  });
});

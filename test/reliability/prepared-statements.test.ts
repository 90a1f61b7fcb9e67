/**
 * Sequelize on MariaDB/MySQL leaves no prepared statement on the server: each
 * distinct statement (here, one per sort order asked for) would otherwise stay
 * prepared for the connection's life, against a server-wide limit.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Hono } from 'hono';
import { CRUDCollection } from 'ormcrud';
import { toHono } from 'ormcrud/hono';
import { SequelizeAdapter } from 'ormcrud/sequelize';
import { DataTypes, QueryTypes, Sequelize } from 'sequelize';

/** Each field alone, then each pair, each way: 30 distinct statements. */
function sortOrders(fields: readonly string[]): string[][] {
  const keys = fields.flatMap((field) => [`${field}:asc`, `${field}:desc`]);
  const pairs = keys.flatMap((first) =>
    keys.filter((key) => key.split(':')[0] !== first.split(':')[0]).map((second) => [first, second]),
  );
  return [...keys.map((key) => [key]), ...pairs];
}

const url = process.env.TEST_MARIADB_URL;
test('Sequelize on MariaDB: distinct statements prepare nothing on the server', {
  skip: !url && 'no MariaDB',
}, async () => {
  const sequelize = new Sequelize(url as string, { logging: false, pool: { max: 1, min: 1 } });
  try {
    const note = sequelize.define(
      'ps_note',
      { title: DataTypes.STRING(20), rank: DataTypes.INTEGER },
      { tableName: 'ps_note', timestamps: false },
    );
    await note.sync({ force: true });
    await note.bulkCreate([
      { title: 'b', rank: 2 },
      { title: 'a', rank: 3 },
    ]);
    const app = new Hono().route(
      '/',
      toHono(new CRUDCollection({ ormAdapter: new SequelizeAdapter({ model: note }) }).getRouter({ prefix: '/notes' })),
    );
    // The pool's one connection: its own count of statements prepared, and its id to show it is the same one.
    const session = async () => {
      const [row] = await sequelize.query<{ id: number; prepared: string }>(
        "SELECT CONNECTION_ID() AS id, VARIABLE_VALUE AS prepared FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'COM_STMT_PREPARE'",
        { type: QueryTypes.SELECT },
      );
      return { id: row?.id, prepared: Number(row?.prepared) };
    };
    const before = await session();
    const orders = sortOrders(['id', 'title', 'rank']);
    for (const order of orders) {
      const res = await app.request(`/notes?sort=${order.join('&sort=')}`);
      assert.equal(res.status, 200, order.join());
      assert.equal(((await res.json()) as { data: unknown[] }).data.length, 2);
    }
    const created = await app.request('/notes', {
      method: 'POST',
      body: JSON.stringify({ title: 'c', rank: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(created.status, 201);
    const after = await session();
    assert.equal(after.id, before.id, 'the same connection throughout');
    assert.equal(after.prepared - before.prepared, 0, `${orders.length} sort orders prepared no statement`);
    await note.drop();
  } finally {
    await sequelize.close();
  }
});

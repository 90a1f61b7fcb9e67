/**
 * A row keyed by a date-time is found by the key the API served for it, on every ORM and database:
 * PostgreSQL and MariaDB hold microseconds, which a response cuts to the millisecond; SQLite holds text
 * as `CURRENT_TIMESTAMP` writes it, to the second. Read, update and delete each find that one row. A key
 * finer than its column keeps (a `DATETIME` of whole seconds) is a 422 naming it, in the path and a body.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { type Dialect, databaseTargets } from '../support/databases.ts';
import { routersApp } from '../support/framework-apps.ts';
import type { Orm } from '../support/moment-models.ts';
import { openStamps } from '../support/stamp-models.ts';

const ORMS: Orm[] = ['drizzle', 'typeorm', 'sequelize'];

/** The stored key, and the other row's in its second (of another millisecond, or none on SQLite). */
const STORED: Record<Dialect, { at: string; near?: string }> = {
  postgres: { at: '2024-05-01 10:00:35.374365+00', near: '2024-05-01 10:00:35.375001+00' },
  mysql: { at: '2024-05-01 10:00:35.374365', near: '2024-05-01 10:00:35.375001' },
  sqlite: { at: '2024-05-01 10:00:35' },
};

for (const target of databaseTargets()) {
  for (const orm of ORMS) {
    test(`${orm}/${target.dialect}: a date-time key is found as it was served`, async () => {
      const stamps = await openStamps(orm, target);
      const app = await routersApp('fastify', [
        new CRUDCollection({ ormAdapter: stamps.adapter }).getRouter({ prefix: '/stamps' }),
      ]);
      try {
        const { at, near } = STORED[target.dialect];
        for (const key of near ? [at, near] : [at])
          await stamps.sql('INSERT INTO stamp (at, note) VALUES (?, ?)', [key, key === at ? 'first' : 'near']);
        const listed = await app.inject({ method: 'GET', url: '/stamps?sort=at' });
        assert.equal(listed.statusCode, 200, listed.body);
        const served: string = listed.json().data[0].at;
        assert.equal(served, target.dialect === 'sqlite' ? '2024-05-01T10:00:35.000Z' : '2024-05-01T10:00:35.374Z');
        const url = `/stamps/${encodeURIComponent(served)}`;

        const one = await app.inject({ method: 'GET', url });
        assert.deepEqual([one.statusCode, one.json()], [200, { at: served, note: 'first' }]);
        const patched = await app.inject({ method: 'PATCH', url, payload: { note: 'patched' } });
        assert.equal(patched.statusCode, 200, patched.body);
        const notes = async () => (await stamps.sql('SELECT note FROM stamp ORDER BY note')).map((row) => row.note);
        assert.deepEqual(await notes(), near ? ['near', 'patched'] : ['patched']);
        const removed = await app.inject({ method: 'DELETE', url });
        assert.deepEqual([removed.statusCode, removed.json()], [200, { at: served, note: 'patched' }]);
        assert.deepEqual(await notes(), near ? ['near'] : []);
        assert.equal((await app.inject({ method: 'GET', url })).statusCode, 404);
      } finally {
        await app.close();
        await stamps.close();
      }
    });
  }
}

/** Where Sequelize makes the key of microseconds whatever its model's `DATE(0)` says (PostgreSQL), or SQLite keeps any. */
const keepsMilliseconds = (orm: Orm, dialect: Dialect) =>
  dialect === 'sqlite' || (orm === 'sequelize' && dialect === 'postgres');

for (const target of databaseTargets()) {
  for (const orm of ORMS) {
    test(`${orm}/${target.dialect}: a date-time key finer than its column keeps is a 422`, {
      skip: keepsMilliseconds(orm, target.dialect) && 'the column keeps milliseconds',
    }, async () => {
      const stamps = await openStamps(orm, target, 0);
      const app = await routersApp('fastify', [
        new CRUDCollection({ ormAdapter: stamps.adapter }).getRouter({ prefix: '/stamps' }),
      ]);
      try {
        await stamps.sql('INSERT INTO stamp (at, note) VALUES (?, ?)', ['2024-05-01 10:00:35', 'whole']);
        const one = await app.inject({ method: 'GET', url: `/stamps/${encodeURIComponent('2024-05-01T10:00:35Z')}` });
        assert.deepEqual([one.statusCode, one.json()], [200, { at: '2024-05-01T10:00:35.000Z', note: 'whole' }]);
        const message = 'must be a date-time such as 2024-01-31T09:30:00Z, to the second at most';
        const url = `/stamps/${encodeURIComponent('2024-05-01T10:00:35.500Z')}`;
        for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
          const refused = await app.inject({ method, url, ...(method === 'PATCH' && { payload: { note: 'x' } }) });
          assert.equal(refused.statusCode, 422, `${method}: ${refused.body}`);
          assert.deepEqual(refused.json().errors, [{ path: 'path.stamp_at', message }], method);
        }
        const created = await app.inject({ method: 'POST', url: '/stamps', payload: { at: '2024-05-01T10:00:36.5Z' } });
        assert.equal(created.statusCode, 422, created.body);
        assert.deepEqual(created.json().errors, [{ path: 'body.at', message }]);
        const rows = await stamps.sql('SELECT note FROM stamp');
        assert.deepEqual(
          rows.map((row) => row.note),
          ['whole'],
        );
      } finally {
        await app.close();
        await stamps.close();
      }
    });
  }
}

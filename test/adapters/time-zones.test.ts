/**
 * Dates and date-times mean the same whatever the server's time zone, on every
 * ORM and database: a `date` field's wire value is the calendar date the
 * database holds, and a date-time without an offset is UTC. Each test sets
 * `process.env.TZ`, which Node applies at once, west of UTC and east of it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { databaseTargets } from '../support/databases.ts';
import { routersApp, testFrameworks } from '../support/framework-apps.ts';
import { type Orm, openMoments, STORED } from '../support/moment-models.ts';

const ZONES = ['America/New_York', 'Asia/Tokyo'];
const ORMS: Orm[] = ['drizzle', 'typeorm', 'sequelize'];

for (const zone of ZONES) {
  for (const target of databaseTargets()) {
    for (const orm of ORMS) {
      test(`${orm}/${target.dialect} with TZ=${zone}: dates and date-times round trip and filter`, async () => {
        process.env.TZ = zone;
        const moments = await openMoments(orm, target);
        const router = new CRUDCollection({ ormAdapter: moments.adapter }).getRouter({ prefix: '/moments' });
        const app = await routersApp('fastify', [router]);
        try {
          const stored = async () => (await moments.sql(STORED[target.dialect]))[0];

          const created = await app.inject({
            method: 'POST',
            url: '/moments',
            payload: { day: '2024-02-29', at: '2024-01-31T23:30:00' },
          });
          assert.equal(created.statusCode, 201, created.body);
          const first = { id: 1, day: '2024-02-29', at: '2024-01-31T23:30:00.000Z' };
          assert.deepEqual(created.json(), first);
          assert.deepEqual({ ...(await stored()) }, { day: '2024-02-29', at: '2024-01-31 23:30:00.000' });

          for (const framework of testFrameworks()) {
            const other = await routersApp(framework, [router]);
            const one = await other.inject({ method: 'GET', url: '/moments/1' });
            await other.close();
            assert.equal(one.statusCode, 200, `${framework}: ${one.body}`);
            assert.deepEqual(one.json(), first, framework);
          }

          const filters = [
            'day=2024-02-29',
            'at=2024-01-31T23:30:00',
            'at=2024-01-31T23:30:00Z',
            `at=${encodeURIComponent('2024-02-01T08:30:00+09:00')}`,
          ];
          for (const filter of filters) {
            const page = await app.inject({ method: 'GET', url: `/moments?${filter}` });
            assert.equal(page.statusCode, 200, page.body);
            assert.deepEqual(page.json().data, [first], filter);
          }
          const none = await app.inject({ method: 'GET', url: '/moments?day=2024-02-28' });
          assert.deepEqual(none.json().data, []);
          // The year 0000, which PostgreSQL and MySQL have no day of: no row, and a 422 naming the field.
          for (const filter of ['day=0000-01-01', 'at=0000-01-01T00:00:00Z']) {
            const page = await app.inject({ method: 'GET', url: `/moments?${filter}` });
            assert.deepEqual([page.statusCode, page.json().data], [200, []], filter);
          }
          const year0 = await app.inject({ method: 'POST', url: '/moments', payload: { day: '0000-01-01', at: null } });
          assert.equal(year0.statusCode, 422, year0.body);
          assert.deepEqual(
            year0.json().errors.map((e: { path: string }) => e.path),
            ['body.day'],
          );

          const patch = { day: '2024-12-31', at: '2024-12-31T23:59:59.999-05:00' };
          const updated = await app.inject({ method: 'PATCH', url: '/moments/1', payload: patch });
          assert.equal(updated.statusCode, 200, updated.body);
          assert.deepEqual({ ...(await stored()) }, { day: '2024-12-31', at: '2025-01-01 04:59:59.999' });
          const read = await app.inject({ method: 'GET', url: '/moments/1' });
          assert.deepEqual(read.json(), { id: 1, day: '2024-12-31', at: '2025-01-01T04:59:59.999Z' });

          const deleted = await app.inject({ method: 'DELETE', url: '/moments/1' });
          assert.deepEqual(deleted.json(), { id: 1, day: '2024-12-31', at: '2025-01-01T04:59:59.999Z' });
        } finally {
          await app.close();
          await moments.close();
        }
      });
    }
  }
}

/**
 * Dates and date-times mean the same whatever the server's time zone, on every
 * ORM and database: a `date` field's wire value is the calendar date the
 * database holds, and a date-time without an offset is UTC. Each test sets
 * `process.env.TZ`, which Node applies at once, west of UTC and east of it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CRUDCollection } from 'ormcrud';
import { type Dialect, databaseTargets } from '../support/databases.ts';
import { routersApp, testFrameworks } from '../support/framework-apps.ts';
import { type Orm, openMoments, STORED } from '../support/moment-models.ts';

const ZONES = ['America/New_York', 'Asia/Tokyo'];
const DATE_TIME_MESSAGE = 'must be a date-time such as 2024-01-31T09:30:00Z, to the millisecond at most';
const ORMS: Orm[] = ['drizzle', 'typeorm', 'sequelize'];

/**
 * Stored values (SQL literals) no response expresses, by database: PostgreSQL's infinite, BC and far years;
 * SQLite's loose types (Drizzle reads `at` as epoch milliseconds, the others as text), which keep any
 * number or text; MariaDB's zero dates and years before 1000.
 */
const UNEXPRESSIBLE: Record<Dialect, readonly (readonly ['day' | 'at', string])[]> = {
  postgres: [
    ['day', "'infinity'"],
    ['day', "'20000-01-01'"],
    ['day', "'0044-03-15 BC'"],
    ['day', "'0500-01-01'"],
    ['at', "'infinity'"],
    ['at', "'-infinity'"],
    ['at', "'20000-01-01T00:00:00Z'"],
    ['at', "'0044-03-15 00:00:00Z BC'"],
    ['at', "'0001-01-01T00:00:00Z'"],
  ],
  sqlite: [
    ['day', "'0702-06-15'"],
    ['day', "'10000-01-01'"],
    ['day', "'2023-02-29'"],
    ['day', "'yesterday'"],
    ['day', '20240229'],
    ['at', '1000000000000000'],
    ['at', '-62198755200000'],
    ['at', '1e300'],
    ['at', "'0702-06-15 10:00:00.000'"],
    ['at', "'0702-06-15 10:00:00.000 +00:00'"],
    ['at', "'yesterday'"],
  ],
  mysql: [
    ['day', "'0000-00-00'"],
    ['day', "'0702-06-15'"],
    ['at', "'0000-00-00 00:00:00'"],
    ['at', "'0702-06-15 10:00:00.000'"],
  ],
};

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
          // Outside the years 1000 to 9999 (a date-time's in UTC), which some database or driver cannot keep
          // or read back: no row, and a 422 naming the field, with nothing written.
          const outside = [
            ['day', '0000-01-01'],
            ['day', '0999-12-31'],
            ['at', '0000-01-01T00:00:00Z'],
            ['at', '0099-06-01T00:00:00Z'],
            ['at', '0999-12-31T23:59:59Z'],
            ['at', '1000-01-01T00:30:00+01:00'],
            ['at', '0999-12-31T22:00:00'],
            ['at', '9999-12-31T23:59:59.999-01:00'],
          ] as const;
          for (const [field, value] of outside) {
            const page = await app.inject({ method: 'GET', url: `/moments?${field}=${encodeURIComponent(value)}` });
            assert.deepEqual([page.statusCode, page.json().data], [200, []], value);
            const payload = { day: '2024-01-01', at: null, [field]: value };
            const refused = await app.inject({ method: 'POST', url: '/moments', payload });
            assert.equal(refused.statusCode, 422, `${value}: ${refused.body}`);
            assert.deepEqual(
              refused.json().errors.map((e: { path: string }) => e.path),
              [`body.${field}`],
            );
          }
          // A `Date` keeps milliseconds: a finer date-time would be cut to another instant, so digits past the
          // third must be zeros, in a filter as in a body.
          for (const at of ['2024-01-31T23:30:00.0009Z', '2024-01-31T23:30:00.000000001', '2024-01-31T23:30:00.1234']) {
            const page = await app.inject({ method: 'GET', url: `/moments?at=${encodeURIComponent(at)}` });
            const written = [
              await app.inject({ method: 'POST', url: '/moments', payload: { day: '2024-01-01', at } }),
              await app.inject({ method: 'PATCH', url: '/moments/1', payload: { at } }),
            ];
            for (const [res, path] of [
              [page, 'query.at'],
              ...written.map((res) => [res, 'body.at'] as const),
            ] as const) {
              assert.equal(res.statusCode, 422, `${at}: ${res.body}`);
              assert.deepEqual(res.json().errors, [{ path, message: DATE_TIME_MESSAGE }], at);
            }
          }
          const zeros = { day: '2024-01-01', at: '2024-01-31T23:30:00.1230000Z' };
          const exact = await app.inject({ method: 'POST', url: '/moments', payload: zeros });
          assert.equal(exact.statusCode, 201, exact.body);
          assert.equal(exact.json().at, '2024-01-31T23:30:00.123Z');
          const found = await app.inject({ method: 'GET', url: `/moments?at=${encodeURIComponent(zeros.at)}` });
          assert.deepEqual(found.json().data, [exact.json()]);
          await app.inject({ method: 'DELETE', url: `/moments/${exact.json().id}` });
          // A date-time without an offset is UTC here too, whatever the process's zone.
          for (const [day, at, read] of [
            ['1000-01-01', '1000-01-01T00:00:00Z', '1000-01-01T00:00:00.000Z'],
            ['1000-01-01', '1000-01-01T05:00:00', '1000-01-01T05:00:00.000Z'],
            ['9999-12-31', '9999-12-31T20:00:00', '9999-12-31T20:00:00.000Z'],
            ['9999-12-31', '9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
          ]) {
            const edge = await app.inject({ method: 'POST', url: '/moments', payload: { day, at } });
            assert.equal(edge.statusCode, 201, edge.body);
            assert.deepEqual([edge.json().day, edge.json().at], [day, read]);
            await app.inject({ method: 'DELETE', url: `/moments/${edge.json().id}` });
          }
          assert.equal((await app.inject({ method: 'GET', url: '/moments' })).json().count, 1);

          const patch = { day: '2024-12-31', at: '2024-12-31T23:59:59.999-05:00' };
          const updated = await app.inject({ method: 'PATCH', url: '/moments/1', payload: patch });
          assert.equal(updated.statusCode, 200, updated.body);
          assert.deepEqual({ ...(await stored()) }, { day: '2024-12-31', at: '2025-01-01 04:59:59.999' });
          const read = await app.inject({ method: 'GET', url: '/moments/1' });
          assert.deepEqual(read.json(), { id: 1, day: '2024-12-31', at: '2025-01-01T04:59:59.999Z' });

          const deleted = await app.inject({ method: 'DELETE', url: '/moments/1' });
          assert.deepEqual(deleted.json(), { id: 1, day: '2024-12-31', at: '2025-01-01T04:59:59.999Z' });

          // Values a database holds that no response expresses: a 409 naming the field, never a cut or wrong date.
          for (const [field, value] of UNEXPRESSIBLE[target.dialect]) {
            await moments.sql('DELETE FROM moment');
            await moments.sql(`INSERT INTO moment (id, ${field}) VALUES (7, ${value})`);
            for (const url of ['/moments', '/moments/7']) {
              const read = await app.inject({ method: 'GET', url });
              assert.equal(read.statusCode, 409, `${field} ${value} ${url}: ${read.body}`);
              assert.equal(read.json().code, 'conflict');
              assert.match(read.json().detail, new RegExp(`^The stored ${field} is a (date|value that is no date)`));
            }
          }
        } finally {
          await app.close();
          await moments.close();
        }
      });
    }
  }
}

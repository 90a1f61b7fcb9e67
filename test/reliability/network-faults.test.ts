/**
 * Network faults between the app and PostgreSQL or MariaDB, for every ORM,
 * through a TCP proxy (the server itself is left alone): on a slow link, a
 * burst of lists and creates that queue in the pool is served, none timed out,
 * while the database keeps answering. On PostgreSQL with `pg`'s `query_timeout`, after a partition that
 * black-holes the pool's open connections, requests answer 503, then succeed again without a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createForumApp } from '../../examples/forum/app.ts';
import { drizzleTarget } from '../fixtures/drizzle/target.ts';
import { sequelizeTarget } from '../fixtures/sequelize/target.ts';
import { typeormTarget } from '../fixtures/typeorm/target.ts';
import { type DatabaseTarget, databaseTargets } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';

const TIMEOUT_MS = 1000;
const admin = { authorization: 'Bearer user-1' };
/** `pg`'s `query_timeout` for every client of this file (Drizzle's pool, TypeORM's `extra`, Sequelize's `dialectOptions`). */
const QUERY_TIMEOUT_MS = 1500;
pg.defaults.query_timeout = QUERY_TIMEOUT_MS;

const servers = databaseTargets().filter((target) => target.dialect !== 'sqlite');
const makers = [drizzleTarget, typeormTarget, sequelizeTarget];

for (const server of servers) {
  for (const make of makers) {
    const name = make(server).name;
    describe(`network faults [${name}]`, () => {
      let proxy: TcpProxy;
      let harness: ForumHarness;
      let app: Awaited<ReturnType<typeof createForumApp>>;

      before(async () => {
        proxy = await TcpProxy.start(server.url);
        const proxied: DatabaseTarget = { dialect: server.dialect, url: proxy.url };
        harness = await make(proxied).open({ timeoutMs: TIMEOUT_MS });
        await harness.reset();
        app = await createForumApp(harness.adapters);
        await app.ready();
      });
      after(async () => {
        await app?.close();
        await harness?.close().catch(() => {});
        await proxy?.close();
      });

      test('on a slow link, lists queued behind later creates are served, not timed out', async (t) => {
        proxy.delayMs = 30;
        const start = performance.now();
        let replies: { status: number; method: string }[];
        try {
          // A full page of one needs its count: a second statement, queued behind creates sent after the list.
          replies = await Promise.all(
            Array.from({ length: 60 }, async (_, i) => {
              const res =
                i % 3 === 0
                  ? await call(app, 'POST', '/tags', { name: `slow-${i}` }, admin)
                  : await call(app, 'GET', '/tags?per_page=1');
              return { status: res.status, method: i % 3 === 0 ? 'POST' : 'GET' };
            }),
          );
        } finally {
          proxy.delayMs = 0;
        }
        const ms = performance.now() - start;
        const count = (method: string, status: number) =>
          replies.filter((r) => r.method === method && r.status === status).length;
        assert.deepEqual([count('GET', 200), count('POST', 201)], [40, 20], JSON.stringify(replies));
        t.diagnostic(
          `60 requests over a 30 ms link on a pool of 4 took ${Math.round(ms)} ms (timeout ${TIMEOUT_MS} ms)`,
        );
      });

      // mysql2 has no setting that fails a query the server never answers and drops its connection.
      const noBound = server.dialect === 'mysql' && 'mysql2 bounds no wait on an open connection';
      test('after a partition of the open connections, requests answer 503, then succeed again', {
        skip: noBound,
      }, async (t) => {
        let n = 0;
        const both = () =>
          Promise.all([
            call(app, 'GET', '/categories?per_page=2'),
            call(app, 'POST', '/tags', { name: `cut-${n++}` }, admin),
          ]).then((replies) => replies.map((res) => res.status));
        assert.deepEqual(await both(), [200, 201]);
        proxy.partition();
        assert.deepEqual(await both(), [503, 503]);
        const start = performance.now();
        let statuses = await both();
        while (statuses.join() !== '200,201' && performance.now() - start < 5 * QUERY_TIMEOUT_MS) {
          await sleep(100);
          statuses = await both();
        }
        assert.deepEqual(statuses, [200, 201], 'no recovery within five query timeouts');
        t.diagnostic(`recovered ${Math.round(performance.now() - start)} ms after the first 503s`);
      });
    });
  }
}

/**
 * Waiting on the database, on PostgreSQL and MariaDB for every ORM: a request
 * blocked on a lock gives up with 503 after the adapters' `timeoutMs` and its
 * transaction rolls back (no write lands); a pool whose connections are all
 * stuck answers 503 after a bounded wait; a killed connection is a 503 and the
 * next request succeeds; a long queue in a healthy pool is not a timeout; on
 * one shared connection, work of a call that gave up is never sent.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { CRUDCollection } from 'ormcrud';
import { DrizzleAdapter } from 'ormcrud/drizzle';
import { toHono } from 'ormcrud/hono';
import pg from 'pg';
import { describeForum, type ForumSuite, type Reply } from '../support/forum-suite.ts';
import {
  busySessions,
  cancelStatement,
  killSession,
  openRaw,
  type RawConnection,
  serverTarget,
  until,
} from '../support/raw-connection.ts';

/** The forum's administrator: the demo's writes need one. */
const admin = { authorization: 'Bearer user-1' };

const TIMEOUT_MS = 1000;

/** A 503 problem asking to retry. */
function assertUnavailable(res: Reply): void {
  assert.equal(res.status, 503, JSON.stringify(res.body));
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  assert.equal(res.headers['retry-after'], '1');
  assert.equal(res.body.code, 'service_unavailable');
}

/** Times an HTTP call. */
async function timed(request: Promise<Reply>): Promise<Reply & { ms: number }> {
  const start = performance.now();
  const res = await request;
  return { ...res, ms: performance.now() - start };
}

/** The highest post id; every post created since the seed takes the next one. */
async function lastPostId(s: ForumSuite): Promise<number> {
  const [row] = await s.harness.sql('SELECT MAX("id") AS "id" FROM "post"');
  return Number(row?.id);
}

describeForum(
  'waits on the database',
  (s) => {
    /** Holds locks in an open transaction. */
    let holder: RawConnection;
    /** Watches the server's sessions. */
    let monitor: RawConnection;

    before(async () => {
      holder = await openRaw(serverTarget(s.target.dialect));
      monitor = await openRaw(serverTarget(s.target.dialect));
    });
    after(async () => {
      await holder?.close();
      await monitor?.close();
    });

    /** Locks thread 1 until the returned function commits; inserting a post under it then waits (its key check). */
    async function lockThread(): Promise<() => Promise<void>> {
      await holder.sql('BEGIN');
      await holder.sql('SELECT "id" FROM "thread" WHERE "id" = 1 FOR UPDATE');
      return async () => void (await holder.sql('COMMIT'));
    }
    /** The app's sessions waiting for the lock. */
    const lockedSessions = async () =>
      (await busySessions(monitor, s.target.dialect)).filter((x) => x.locked && x.id !== holder.sessionId);
    /** Every session but the holder's is idle: whatever the app left running has finished. */
    const settled = () =>
      until(
        async () => (await busySessions(monitor, s.target.dialect)).every((x) => x.id === holder.sessionId),
        10_000,
        'the app sessions to finish',
      );

    test('a create blocked on a lock gives up with 503 within the timeout; its transaction rolls back', async () => {
      const before = await lastPostId(s);
      const release = await lockThread();
      let res: Awaited<ReturnType<typeof timed>>;
      try {
        res = await timed(s.call('POST', '/categories/1/threads/1/posts', { slug: 'too-late' }, admin));
      } finally {
        await release();
      }
      assertUnavailable(res);
      assert.ok(res.ms >= TIMEOUT_MS * 0.9 && res.ms < TIMEOUT_MS + 2000, `gave up after ${Math.round(res.ms)} ms`);
      // The insert, no longer awaited, went on once the lock was released, and was rolled back.
      await settled();
      assert.deepEqual(await s.rows('post', { slug: 'too-late' }), []);
      const next = await s.call('POST', '/categories/1/threads/1/posts', { slug: 'in-time' }, admin);
      assert.equal(next.status, 201);
      assert.equal(next.body.id, before + 2, 'the rolled-back insert took an id: it did run');
    });

    test('a list given up on sends neither its count nor its includes once its page comes back', async () => {
      // Reads of the thread table wait behind a table lock (reads pass row locks).
      const lock =
        s.target.dialect === 'postgres'
          ? ['BEGIN', 'LOCK TABLE "thread" IN ACCESS EXCLUSIVE MODE']
          : ['LOCK TABLES `thread` WRITE'];
      for (const sql of lock) await holder.sql(sql);
      let res: Reply;
      try {
        s.harness.resetQueryCount();
        // A full page of one: it would need the count of all, and the category of its thread.
        res = await s.call('GET', '/threads?per_page=1&include=category');
      } finally {
        await holder.sql(s.target.dialect === 'postgres' ? 'COMMIT' : 'UNLOCK TABLES');
      }
      assertUnavailable(res);
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(s.harness.queryCount(), 1, 'the page alone was sent');
    });

    test('with every pooled connection stuck, further requests get 503 after a bounded wait', async (t) => {
      const release = await lockThread();
      let blocked: Reply[];
      let read: Reply & { ms: number };
      try {
        const creates = [1, 2, 3, 4].map((i) =>
          s.call('POST', '/categories/1/threads/1/posts', { slug: `stuck-${i}` }, admin),
        );
        await until(async () => (await lockedSessions()).length === 4, 5000, 'four sessions waiting on the lock');
        read = await timed(s.call('GET', '/categories'));
        blocked = await Promise.all(creates);
      } finally {
        await release();
      }
      assertUnavailable(read);
      assert.ok(read.ms < TIMEOUT_MS + 2000, `the read waited ${Math.round(read.ms)} ms`);
      for (const res of blocked) assertUnavailable(res);
      await settled();
      assert.equal((await s.call('GET', '/categories')).status, 200, 'the pool recovers');
      assert.equal((await s.harness.sql('SELECT "id" FROM "post" WHERE "slug" LIKE ?', ['stuck-%'])).length, 0);
      t.diagnostic(`pool of 4 stuck: read answered 503 after ${Math.round(read.ms)} ms (timeout ${TIMEOUT_MS} ms)`);
    });

    /** A create waiting on a lock whose session an administrator ends (`kill`) or whose statement it cancels. */
    async function createStoppedBy(stop: typeof killSession, slug: string): Promise<Reply> {
      const release = await lockThread();
      try {
        const pending = s.call('POST', '/categories/1/threads/1/posts', { slug }, admin);
        await until(async () => (await lockedSessions()).length === 1, 5000, 'a session waiting on the lock');
        const [victim] = await lockedSessions();
        await stop(monitor, s.target.dialect, victim?.id as number);
        return await pending;
      } finally {
        await release();
      }
    }

    for (const [what, stop, slug] of [
      ['a connection the server ends', killSession, 'killed'],
      ['a statement an administrator cancels', cancelStatement, 'cancelled'],
    ] as const) {
      test(`${what} under a request is a 503; nothing lands, the next request succeeds`, async () => {
        const res = await createStoppedBy(stop, slug);
        assertUnavailable(res);
        assert.match(res.body.detail, /unavailable/, 'the database answered, not the timeout');
        await settled();
        assert.deepEqual(await s.rows('post', { slug }), []);
        const again = await s.call('POST', '/categories/1/threads/1/posts', { slug: `${slug}-after` }, admin);
        assert.equal(again.status, 201);
      });
    }

    test('a create reads back its own row, even when another client deletes it as it commits', async () => {
      // Without RETURNING (MariaDB) the row is read back by key: in the insert's transaction, so a delete
      // from outside waits for its commit instead of leaving nothing to read (a 500).
      const deleter = await openRaw(serverTarget(s.target.dialect));
      try {
        // Five creates at a time take the next five ids (though those before are gone): each is deleted at once.
        const [last] = await s.harness.sql('SELECT MAX("id") AS "id" FROM "tag"');
        let next = Number(last?.id) + 1;
        for (let round = 0; round < 20; round++, next += 5) {
          const names = [0, 1, 2, 3, 4].map((i) => `gone-${round}-${i}`);
          const creates = Promise.all(names.map((name) => s.call('POST', '/tags', { name }, admin)));
          let stop = false;
          const deletes = (async () => {
            while (!stop) await deleter.sql('DELETE FROM "tag" WHERE "id" >= ? AND "id" < ?', [next, next + 5]);
          })();
          const replies = await creates;
          stop = true;
          await deletes;
          assert.deepEqual(
            replies.map((res) => [res.status, res.body.name]),
            names.map((name) => [201, name]),
          );
        }
      } finally {
        await deleter.close();
      }
    });

    /** Starts `write` while another client holds its row changed in an open transaction, then commits that. */
    async function afterChangeElsewhere<T>(change: string, write: () => Promise<T>): Promise<T> {
      await holder.sql('BEGIN');
      let pending: Promise<T> | undefined;
      try {
        await holder.sql(change);
        pending = write();
        await until(async () => (await lockedSessions()).length === 1, 5000, 'the write waiting on the lock');
      } finally {
        await holder.sql('COMMIT');
      }
      return pending;
    }

    test('a delete answers the row as deleted, though another client changed it as the delete waited', async () => {
      // Without RETURNING (MariaDB) the row is read before it is deleted: locked, in the delete's transaction.
      const res = await afterChangeElsewhere(`UPDATE "category" SET "name" = 'renamed elsewhere' WHERE "id" = 3`, () =>
        s.call('DELETE', '/categories/3', undefined, admin),
      );
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.name, 'renamed elsewhere');
      assert.deepEqual(await s.rows('category', { id: 3 }), []);
    });

    test('an update read back answers the row as updated, though another client changed it first', async () => {
      // Without RETURNING the update's own lock keeps the row as written until its read-back.
      const row = await afterChangeElsewhere(`UPDATE "thread" SET "category_id" = 2 WHERE "id" = 1`, () =>
        s.harness.adapters.thread.updateOne({ id: 1 }, { title: 'patched' }, undefined, 'row'),
      );
      assert.deepEqual([row?.category_id, row?.title], [2, 'patched']);
    });

    test('a queue longer than the timeout in a pool that keeps answering is served, not timed out', async (t) => {
      const count = 400;
      const start = performance.now();
      const replies = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          s.call('POST', '/categories/1/threads/1/posts', { slug: `queued-${i}` }, admin),
        ),
      );
      const ms = performance.now() - start;
      const statuses = new Map<number, number>();
      for (const res of replies) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      assert.deepEqual([...statuses], [[201, count]]);
      const [row] = await s.harness.sql('SELECT COUNT(*) AS "n" FROM "post" WHERE "slug" LIKE ?', ['queued-%']);
      assert.equal(Number(row?.n), count);
      t.diagnostic(`${count} creates on a pool of 4 took ${Math.round(ms)} ms with a ${TIMEOUT_MS} ms timeout`);
    });
  },
  { databases: 'servers', reset: 'each', adapters: { timeoutMs: TIMEOUT_MS }, frameworks: ['fastify'] },
);

// In this file, not beside the other one-connection tests: its lock wait would count among the waits above.
const pgUrl = process.env.TEST_POSTGRES_URL;
test('Drizzle on one pg.Client: a create that timed out in the queue is never sent', {
  skip: !pgUrl && 'no PostgreSQL',
}, async () => {
  const client = new pg.Client({ connectionString: pgUrl });
  const locker = new pg.Client({ connectionString: pgUrl });
  // Outside the locker's transaction, whose view of pg_stat_activity stays as its first read saw it.
  const monitor = new pg.Client({ connectionString: pgUrl });
  await Promise.all([client.connect(), locker.connect(), monitor.connect()]);
  try {
    await client.query('DROP TABLE IF EXISTS oq_item');
    await client.query('CREATE TABLE oq_item (id SERIAL PRIMARY KEY, name VARCHAR(50) NOT NULL)');
    await client.query("INSERT INTO oq_item (name) VALUES ('first')");
    const item = pgTable('oq_item', { id: serial('id').primaryKey(), name: varchar('name', { length: 50 }).notNull() });
    const adapter = new DrizzleAdapter({ db: drizzle({ client, schema: { item } }), model: item, timeoutMs: 300 });
    const app = toHono(new CRUDCollection({ ormAdapter: adapter }).getRouter({ prefix: '/items' }));
    const send = (method: string, url: string, body: object) =>
      app.request(url, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM oq_item WHERE id = 1 FOR UPDATE');
    // The update waits for the lock on the one connection; the create then waits behind it, and both give up.
    const updating = send('PATCH', '/items/1', { name: 'renamed' });
    const blocked = "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'update %oq_item%'";
    await until(async () => ((await monitor.query(blocked)).rowCount ?? 0) > 0, 5000, 'the update waiting on the lock');
    const created = await send('POST', '/items', { name: 'late' });
    assert.deepEqual([(await updating).status, created.status], [503, 503]);
    await locker.query('COMMIT');
    // Answered after the queue drained: the update, sent before its call gave up, landed; the create did not.
    const listed = (await (await app.request('/items?sort=id')).json()) as { data: { name: string }[] };
    assert.deepEqual(
      listed.data.map((row) => row.name),
      ['renamed'],
    );
  } finally {
    await Promise.all([locker.end(), monitor.end(), client.end()]);
  }
});

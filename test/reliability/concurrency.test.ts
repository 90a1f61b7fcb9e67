/**
 * Concurrent requests on every database, for every ORM, through HTTP with the
 * default timeout and pools of 4 connections: every create lands once with its
 * own id, one delete of a row wins, a unique value raced for is taken once, the
 * others answered 409 (never 500), creates and deletes of one row raced are
 * answered as if they had waited their turn (a deadlock runs again, never a
 * 503), and transactions overlapping plain writes neither undo those writes
 * nor leave their own behind.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeForum, type Reply } from '../support/forum-suite.ts';

/** The forum's administrator: the demo's writes need one. */
const admin = { authorization: 'Bearer user-1' };

/** How many replies had each status. */
function tally(replies: readonly Reply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of replies) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describeForum(
  'concurrent requests',
  (s) => {
    test('200 concurrent creates give 200 rows with 200 distinct ids', async (t) => {
      const count = 200;
      const replies = await Promise.all(
        Array.from({ length: count }, (_, i) => s.call('POST', '/categories', { name: `burst-${i}` }, admin)),
      );
      assert.deepEqual(tally(replies), { 201: count });
      const ids = new Set(replies.map((res) => res.body.id));
      assert.equal(ids.size, count);
      const rows = await s.harness.sql('SELECT "id", "name" FROM "category" WHERE "name" LIKE ?', ['burst-%']);
      assert.equal(rows.length, count);
      assert.deepEqual(new Set(rows.map((row) => Number(row.id))), ids, 'the ids answered are the rows stored');
      for (const res of replies) {
        const row = rows.find((r) => Number(r.id) === res.body.id);
        assert.equal(row?.name, res.body.name);
      }
      t.diagnostic(`${count} creates sent, ${rows.length} rows found with ${ids.size} distinct ids`);
    });

    test('concurrent deletes of one row: exactly one 200, the others 404', async (t) => {
      const created = await s.call('POST', '/categories', { name: 'doomed' }, admin);
      assert.equal(created.status, 201);
      const count = 50;
      const replies = await Promise.all(
        Array.from({ length: count }, () => s.call('DELETE', `/categories/${created.body.id}`, undefined, admin)),
      );
      assert.deepEqual(tally(replies), { 200: 1, 404: count - 1 });
      assert.equal(replies.find((res) => res.status === 200)?.body.name, 'doomed');
      assert.deepEqual(await s.rows('category', { id: created.body.id }), []);
      t.diagnostic(`${count} deletes of one row sent: 1 answered 200, ${count - 1} answered 404`);
    });

    test('a unique name raced for is taken once; the rest get 409, never 500', async (t) => {
      const count = 100;
      const replies = await Promise.all(
        Array.from({ length: count }, () => s.call('POST', '/tags', { name: 'race' }, admin)),
      );
      assert.deepEqual(tally(replies), { 201: 1, 409: count - 1 });
      for (const res of replies.filter((r) => r.status === 409)) assert.equal(res.body.code, 'conflict');
      const rows = await s.rows('tag', { name: 'race' });
      assert.equal(rows.length, 1);
      assert.equal(Number(rows[0]?.id), replies.find((res) => res.status === 201)?.body.id);
      t.diagnostic(`${count} creates of one tag name sent: 1 answered 201, ${count - 1} answered 409`);
    });

    test('a unique slug raced for under a parent (a transaction each) is taken once; the rest get 409', async (t) => {
      const count = 100;
      const replies = await Promise.all(
        Array.from({ length: count }, () => s.call('POST', '/categories/1/threads/1/posts', { slug: 'race' }, admin)),
      );
      assert.deepEqual(tally(replies), { 201: 1, 409: count - 1 });
      const rows = await s.rows('post', { slug: 'race' });
      assert.equal(rows.length, 1);
      assert.equal(Number(rows[0]?.thread_id), 1);
      t.diagnostic(`${count} nested creates of one slug sent: 1 answered 201, ${count - 1} answered 409`);
    });

    test('concurrent creates and deletes of one row: 201, 200, 404 or 409, never 503; the rows add up', async (t) => {
      // MariaDB deadlocks an insert's duplicate-key lock against a delete's locking read; the loser runs again.
      const rounds = 40;
      const counts: Record<number, number> = {};
      for (let round = 0; round < rounds; round++) {
        await s.harness.sql('DELETE FROM "post_translation" WHERE "post_id" = ?', [2]);
        const replies = await Promise.all([
          s.call('POST', '/post-translations', { post_id: 2, language: 'de', body: `r${round}` }, admin),
          s.call('POST', '/post-translations', { post_id: 2, language: 'de', body: `r${round}` }, admin),
          s.call('DELETE', '/post-translations/2/de', undefined, admin),
          s.call('DELETE', '/post-translations/2/de', undefined, admin),
        ]);
        for (const res of replies) assert.ok([200, 201, 404, 409].includes(res.status), JSON.stringify(res.body));
        const { 201: created = 0, 200: deleted = 0 } = tally(replies);
        const rows = await s.rows('post_translation', { post_id: 2, language: 'de' });
        assert.equal(rows.length, created - deleted, 'each answered create added the row, each delete took it');
        for (const [status, n] of Object.entries(tally(replies)))
          counts[Number(status)] = (counts[Number(status)] ?? 0) + n;
      }
      t.diagnostic(`${rounds * 4} creates and deletes of one row answered ${JSON.stringify(counts)}`);
    });

    test('transactions overlapping plain writes: every answered write stays, a refused one leaves nothing', async () => {
      // A reverse-nest create is two writes in one transaction; tags are single inserts between them.
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2
            ? s.call('POST', '/posts/3/threads/2/categories', { name: `mixed-${i}` }, admin)
            : s.call('POST', '/tags', { name: `mixed-${i}` }, admin),
        ),
      );
      for (const res of replies) assert.ok([201, 404, 503].includes(res.status), JSON.stringify(res.body));
      const answered = replies.filter((res) => res.status === 201).map((res) => res.body.name as string);
      const [tags, categories] = await Promise.all([
        s.harness.sql('SELECT "name" FROM "tag" WHERE "name" LIKE ?', ['mixed-%']),
        s.harness.sql('SELECT "name" FROM "category" WHERE "name" LIKE ?', ['mixed-%']),
      ]);
      const stored = [...tags, ...categories].map((row) => row.name as string);
      assert.deepEqual(stored.sort(), answered.sort());
      assert.equal(tags.length, 20, 'every tag was answered 201 and is stored');
    });
  },
  // SQLite too: Sequelize lends one connection to everything on an in-memory database.
  { databases: 'all', reset: 'each', frameworks: ['fastify'] },
);

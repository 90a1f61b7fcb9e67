/**
 * The TypeORM adapter on PostgreSQL sends its statements as named prepared
 * statements: PostgreSQL parses each statement shape once per connection,
 * however many rows, pages or keys a request has. Seen from the database
 * (`pg_prepared_statements`, one connection) and from TypeORM's logger, which
 * still gets the SQL text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpError, type Page, PagePaginator, type Row } from 'ormcrud';
import pg from 'pg';
import { type AfterQueryEvent, DataSource, type EntitySubscriberInterface, type Logger } from 'typeorm';
import { forumEntities } from '../../examples/forum/models/typeorm.ts';
import { typeormForumAdapters } from '../../examples/forum/typeorm.ts';
import { databaseTargets } from '../support/databases.ts';
import { forumDdl, forumSeedSql } from '../support/forum-sql.ts';
import { listPage } from '../support/list-page.ts';

const page = (perPage: number, n: number) => new PagePaginator().setPerPage(perPage).setPage(n);

for (const target of databaseTargets().filter((t) => t.dialect === 'postgres')) {
  describe('TypeORMAdapter [typeorm/postgres]: named prepared statements', () => {
    const logged: string[] = [];
    const failed: string[] = [];
    const slow: string[] = [];
    const logger: Logger = {
      logQuery: (query) => void logged.push(String(query)),
      logQueryError: (_error, query) => void failed.push(String(query)),
      logQuerySlow: (_time, query) => void slow.push(String(query)),
      logSchemaBuild: () => {},
      logMigration: () => {},
      log: () => {},
    };
    // One connection, so `pg_prepared_statements` shows every statement the adapter prepared.
    const dataSource = new DataSource({
      type: 'postgres',
      url: target.url,
      poolSize: 1,
      entities: forumEntities,
      logger,
      maxQueryExecutionTime: 100,
    });
    const a = typeormForumAdapters(dataSource);
    /** The adapter's prepared statements on the connection, oldest first. */
    const prepared = async () =>
      (
        (await dataSource.query(
          "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'ormcrud_%' ORDER BY prepare_time",
        )) as { statement: string }[]
      ).map((row) => row.statement);
    /** The statements `work` prepared. */
    const preparedBy = async (work: () => Promise<unknown>) => {
      const known = new Set(await prepared());
      await work();
      return (await prepared()).filter((sql) => !known.has(sql));
    };

    before(async () => {
      await dataSource.initialize();
      for (const sql of forumDdl('postgres')) await dataSource.query(sql);
      for (const { sql, params } of forumSeedSql('postgres')) await dataSource.query(sql, params);
    });
    after(() => dataSource.destroy());

    test('a get-one is prepared once and run for any id; the logger gets its SQL text', async () => {
      logged.length = 0;
      const statements = await preparedBy(async () => {
        assert.equal((await a.post.getOne({ id: 1 }, []))?.slug, 'hello');
        assert.equal((await a.post.getOne({ id: 2 }, []))?.id, 2);
        assert.equal(await a.post.getOne({ id: 999 }, []), null);
      });
      assert.equal(statements.length, 1);
      assert.match(statements[0] ?? '', /^SELECT .* FROM "post" WHERE "post"\."id" = \$1$/);
      const sent = logged.filter((sql) => !sql.includes('pg_prepared_statements'));
      assert.deepEqual(sent, [statements[0], statements[0], statements[0]]);
    });

    test('every page of a list runs the same two statements: LIMIT and OFFSET are parameters', async () => {
      const pages: Page<Row>[] = [];
      const statements = await preparedBy(async () => {
        for (const n of [1, 2, 3])
          pages.push(await listPage(a.post, {}, [{ field: 'id', direction: 'desc' }], [], page(1, n)));
      });
      assert.deepEqual(
        pages.map((p) => [p.count, ...p.data.map((row) => row.id)]),
        [
          [4, 4],
          [4, 3],
          [4, 2],
        ],
      );
      assert.equal(statements.length, 2);
      assert.match(statements[0] ?? '', /ORDER BY "post"\."id" DESC LIMIT \$1 OFFSET \$2$/);
      assert.match(statements[1] ?? '', /^SELECT COUNT\(\*\)/);
    });

    test('an include takes its keys as one array parameter: one statement for pages of any size', async () => {
      const pages: Page<Row>[] = [];
      const statements = await preparedBy(async () => {
        pages.push(await listPage(a.thread, {}, [], ['posts'], page(1, 1)));
        pages.push(await listPage(a.thread, {}, [], ['posts'], page(20, 1)));
      });
      const [one, all] = pages as [Page<Row>, Page<Row>];
      assert.equal(one.data.length, 1);
      assert.ok(all.data.length > 1);
      const postIds = (p: Page<Row>) => (p.data[0]?.posts as { id: number }[] | undefined)?.map((post) => post.id);
      assert.ok((postIds(one)?.length ?? 0) > 0);
      assert.deepEqual(postIds(all), postIds(one));
      const loads = statements.filter((sql) => sql.includes('FROM "post"'));
      assert.equal(loads.length, 1);
      assert.match(loads[0] ?? '', /unnest\(.* \$1\)/);
    });

    test('a failed statement reaches the logger with its SQL; a duplicate answers 409', async () => {
      failed.length = 0;
      await assert.rejects(
        a.post.createOne({ thread_id: 1, slug: 'hello' }, []),
        (error) => error instanceof HttpError && error.status === 409,
      );
      assert.equal(failed.length, 1);
      assert.match(failed[0] ?? '', /^INSERT INTO "post"/);
    });

    test('a statement slower than maxQueryExecutionTime reaches logQuerySlow with its SQL', async () => {
      // Another connection holds the row's lock for a while, so the update waits for it.
      const holder = new pg.Client({ connectionString: target.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM "post" WHERE "id" = 1 FOR UPDATE');
        const update = a.post.updateOne({ id: 1 }, { slug: 'hello' }, [], 'key');
        await sleep(250);
        await holder.query('COMMIT');
        assert.deepEqual(await update, { id: 1 });
      } finally {
        await holder.end();
      }
      assert.ok(slow.some((sql) => /^UPDATE "post"/.test(sql)));
    });
  });

  describe('TypeORMAdapter [typeorm/postgres]: query subscribers', () => {
    const heard: string[] = [];
    class QueryWatcher implements EntitySubscriberInterface {
      afterQuery(event: AfterQueryEvent): void {
        heard.push(String(event.query));
      }
    }
    const dataSource = new DataSource({ type: 'postgres', url: target.url, poolSize: 1, entities: forumEntities });
    const a = typeormForumAdapters(dataSource);

    before(async () => {
      await dataSource.initialize();
      for (const sql of forumDdl('postgres')) await dataSource.query(sql);
      for (const { sql, params } of forumSeedSql('postgres')) await dataSource.query(sql, params);
      dataSource.subscribers.push(new QueryWatcher());
    });
    after(() => dataSource.destroy());

    test('a subscriber listening to queries hears every statement, still prepared', async () => {
      heard.length = 0;
      assert.equal((await a.post.getOne({ id: 1 }, []))?.slug, 'hello');
      assert.equal((await listPage(a.post, {}, [], [], page(2, 1))).data.length, 2);
      assert.equal(heard.length, 3);
      assert.match(heard[0] ?? '', /^SELECT .* FROM "post" WHERE "post"\."id" = \$1$/);
      const names = (await dataSource.query('SELECT name FROM pg_prepared_statements')) as { name: string }[];
      assert.ok(names.some(({ name }) => name.startsWith('ormcrud_')));
    });
  });
}

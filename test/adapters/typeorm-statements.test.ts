/**
 * The TypeORM adapter on PostgreSQL sends its statements as named prepared
 * statements: PostgreSQL parses each statement shape once per connection,
 * however many rows, pages or keys a request has. Seen from the database
 * (`pg_prepared_statements`, one connection) and from TypeORM's logger, which
 * still gets the SQL text.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PagePaginator } from 'crud-collection';
import { DataSource, type Logger } from 'typeorm';
import { forumEntities } from '../../examples/forum/models/typeorm.ts';
import { typeormForumAdapters } from '../../examples/forum/typeorm.ts';
import { databaseTargets } from '../support/databases.ts';
import { forumDdl, forumSeedSql } from '../support/forum-sql.ts';

const page = (perPage: number, n: number) => new PagePaginator().setPerPage(perPage).setPage(n);

for (const target of databaseTargets().filter((t) => t.dialect === 'postgres')) {
  describe('TypeORMAdapter [typeorm/postgres]: named prepared statements', () => {
    const logged: string[] = [];
    const logger: Logger = {
      logQuery: (query) => void logged.push(String(query)),
      logQueryError: () => {},
      logQuerySlow: () => {},
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
    });
    const a = typeormForumAdapters(dataSource);
    /** The adapter's prepared statements on the connection, oldest first. */
    const prepared = async () =>
      (
        (await dataSource.query(
          "SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'crud_collection_%' ORDER BY prepare_time",
        )) as { name: string; statement: string }[]
      ).map((row) => row.statement);

    before(async () => {
      await dataSource.initialize();
      for (const sql of forumDdl('postgres')) await dataSource.query(sql);
      for (const { sql, params } of forumSeedSql('postgres')) await dataSource.query(sql, params);
      await dataSource.query('DEALLOCATE ALL');
    });
    after(() => dataSource.destroy());

    test('a get-one is prepared once and run for any id; the logger gets its SQL text', async () => {
      logged.length = 0;
      assert.equal((await a.post.getOne({ id: 1 }, []))?.slug, 'hello');
      assert.equal((await a.post.getOne({ id: 2 }, []))?.id, 2);
      assert.equal(await a.post.getOne({ id: 999 }, []), null);
      const sent = [...logged];
      const statements = await prepared();
      assert.equal(statements.length, 1);
      assert.match(statements[0] ?? '', /^SELECT .* FROM "post" WHERE "post"\."id" = \$1$/);
      assert.deepEqual(sent, [statements[0], statements[0], statements[0]]);
    });

    test('every page of a list runs the same two statements: LIMIT and OFFSET are parameters', async () => {
      await dataSource.query('DEALLOCATE ALL');
      const pages = [];
      for (const n of [1, 2, 3])
        pages.push(await a.post.getMany({}, [{ field: 'id', direction: 'desc' }], [], page(1, n)));
      assert.deepEqual(
        pages.map((p) => p.data.map((row) => row.id)),
        [[4], [3], [2]],
      );
      assert.deepEqual(
        pages.map((p) => p.count),
        [4, 4, 4],
      );
      const statements = await prepared();
      assert.equal(statements.length, 2);
      assert.match(statements[0] ?? '', /ORDER BY "post"\."id" DESC LIMIT \$1 OFFSET \$2$/);
      assert.match(statements[1] ?? '', /^SELECT COUNT\(\*\)/);
    });

    test('an include takes its keys as one array parameter: one statement for pages of any size', async () => {
      await dataSource.query('DEALLOCATE ALL');
      const one = await a.thread.getMany({}, [], ['posts'], page(1, 1));
      const all = await a.thread.getMany({}, [], ['posts'], page(20, 1));
      assert.equal(one.data.length, 1);
      assert.ok(all.data.length > 1);
      assert.deepEqual(
        (all.data[0]?.posts as { id: number }[]).map((p) => p.id),
        (one.data[0]?.posts as { id: number }[]).map((p) => p.id),
      );
      const loads = (await prepared()).filter((sql) => sql.includes('FROM "post"'));
      assert.equal(loads.length, 1);
      assert.match(loads[0] ?? '', /= ANY\(\$1\)/);
    });
  });
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inspect } from 'node:util';
import Fastify from 'fastify';
import { CRUDCollection, DatabaseError, HttpError, loggableError } from 'ormcrud';
import { toFastify } from 'ormcrud/fastify';
import { call, type ForumSuite } from '../../support/forum-suite.ts';
import { routersApp } from '../../support/framework-apps.ts';

const SECRET = 'hunter2-SECRET-b7f3';

/** No value a client sent reaches a log. */
export function logRedaction(s: ForumSuite): void {
  /** Runs `work` while the `tag` table is missing, so every statement on it fails in the database. */
  const withoutTagTable = async (work: () => Promise<void>) => {
    await s.harness.sql('ALTER TABLE "tag" RENAME TO "tag_gone"');
    try {
      await work();
    } finally {
      await s.harness.sql('ALTER TABLE "tag_gone" RENAME TO "tag"');
    }
  };

  test("a failing statement is logged with its shape and the driver's code, never the values", async () => {
    const lines: string[] = [];
    // Fastify's own request log shows the URL with its query string; the app logs the path alone.
    const req = (r: { method: string; url: string }) => ({ method: r.method, path: r.url.split('?')[0] });
    const stream = { write: (line: string) => void lines.push(line) };
    const tags = new CRUDCollection({ ormAdapter: s.harness.adapters.tag }).getRouter({ prefix: '/tags' });
    // Hono and Express have no request log: the binding's `log` option is all they write.
    const logError = (err: unknown) => void lines.push(JSON.stringify({ msg: 'ormcrud: unhandled error', err }));
    const app =
      s.framework === 'fastify'
        ? Fastify({ logger: { level: 'trace', stream, serializers: { req } } })
        : await routersApp(s.framework, [tags], { log: logError });
    if ('register' in app) await app.register(toFastify(tags));
    await withoutTagTable(async () => {
      for (const [method, url, body] of [
        ['POST', '/tags', { name: SECRET }],
        ['PATCH', '/tags/1', { name: SECRET }],
        ['GET', `/tags?name=${SECRET}`, undefined],
      ] as const) {
        const res = await call(app, method, url, body);
        assert.equal(res.status, 500, `${method} ${url}`);
        assert.match(String(res.headers['content-type']), /problem\+json/);
        assert.equal(res.body.detail, 'Internal server error');
      }
    });
    await app.close();
    const log = lines.join('');
    const errors = lines.filter((line) => line.includes('ormcrud: unhandled error'));
    assert.equal(errors.length, 3, log);
    assert.ok(!log.includes(SECRET), 'the secret is in the log');
    for (const line of errors) {
      const { err } = JSON.parse(line) as { err: { type: string; message: string; statement?: string } };
      assert.equal(err.type, 'DatabaseError');
      assert.match(String(err.statement), /tag/i, 'the statement is logged');
      assert.match(err.message, /^Database error/);
    }
    assert.ok(
      errors.some((line) => /insert/i.test(line)),
      'the insert statement is named',
    );
  });

  test('what adapters throw holds no value: database errors, and the cause of a constraint error', async () => {
    await withoutTagTable(async () => {
      const error = await s.harness.adapters.tag.createOne({ name: SECRET }).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof DatabaseError, inspect(error));
      assert.ok(!inspect(error, { depth: 10, showHidden: true }).includes(SECRET));
      assert.ok(!JSON.stringify(loggableError(error)).includes(SECRET));
      assert.match(String(error.statement), /insert/i);
    });
    await s.harness.adapters.tag.createOne({ name: SECRET });
    const conflict = await s.harness.adapters.tag.createOne({ name: SECRET }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(conflict instanceof HttpError && conflict.status === 409, inspect(conflict));
    assert.ok(!inspect(conflict, { depth: 10, showHidden: true }).includes(SECRET));
    assert.ok(!JSON.stringify(loggableError(conflict)).includes(SECRET));
  });
}

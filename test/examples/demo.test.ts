/** The demo boots on a new SQLite file, seeds it once, and keeps what was written; on every ORM and framework. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ForumFramework } from '../../examples/forum/frameworks.ts';
import { type ForumOrm, startDemo } from '../../examples/forum/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'ormcrud-demo-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const RUNS: [ForumOrm, ForumFramework][] = [
  ['drizzle', 'fastify'],
  ['typeorm', 'fastify'],
  ['sequelize', 'fastify'],
  ['drizzle', 'hono'],
  ['sequelize', 'express'],
];

for (const [orm, framework] of RUNS) {
  test(`demo (${orm}, ${framework}): seeds a new file once and serves the forum over HTTP`, async () => {
    const file = join(dir, `${orm}-${framework}.db`);
    const first = await startDemo({ port: 0, file, orm, framework });
    let created: { id: number; name: string };
    try {
      assert.equal(first.seeded, true);
      assert.equal(first.framework, framework);
      const docs = await fetch(`${first.url}/docs/json`);
      assert.equal(((await docs.json()) as { info: { title: string } }).info.title, 'ormcrud forum');
      const missing = await fetch(`${first.url}/nope`);
      assert.deepEqual(
        [missing.status, missing.headers.get('content-type')],
        [404, 'application/problem+json; charset=utf-8'],
      );
      const list = await fetch(`${first.url}/categories?sort=id`);
      assert.equal(list.status, 200);
      const page = (await list.json()) as { count: number; data: { name: string }[] };
      assert.equal(page.count, 3);
      assert.deepEqual(
        page.data.map((c) => c.name),
        ['General', 'Help', 'Off-topic'],
      );

      const threads = await fetch(`${first.url}/categories/1/threads`);
      assert.equal(threads.status, 200);
      assert.equal(((await threads.json()) as { count: number }).count, 2);

      const anonymous = await fetch(`${first.url}/categories`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Demo' }),
      });
      assert.equal(anonymous.status, 401, 'writes need a user');
      const res = await fetch(`${first.url}/categories`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer user-1' },
        body: JSON.stringify({ name: 'Demo' }),
      });
      assert.equal(res.status, 201);
      created = (await res.json()) as { id: number; name: string };
      assert.equal(created.name, 'Demo');

      const orphan = await fetch(`${first.url}/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer user-1' },
        body: JSON.stringify({ category_id: 999, title: 'Orphan' }),
      });
      assert.equal(orphan.status, 409, 'foreign keys are enforced on the demo file');
    } finally {
      await first.close();
    }

    const second = await startDemo({ port: 0, file, orm, framework });
    try {
      assert.equal(second.seeded, false);
      const res = await fetch(`${second.url}/categories/${created.id}`);
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { name: string }).name, 'Demo');
    } finally {
      await second.close();
    }
  });
}

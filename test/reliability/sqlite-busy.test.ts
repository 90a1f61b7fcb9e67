/**
 * SQLite busy, on the demo's file for every ORM: while another process holds
 * the write lock a create answers 503 with Retry-After (the driver's busy error,
 * or the timeout when the ORM keeps retrying), reads go on, and the create
 * succeeds once the lock is gone.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ForumOrm, startDemo } from '../../examples/forum/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ormcrud-busy-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Another process that takes the file's write lock and holds it until its stdin closes. */
async function holdWriteLock(file: string): Promise<ChildProcess> {
  const script = `
    import { createClient } from '@libsql/client';
    const tx = await createClient({ url: ${JSON.stringify(pathToFileURL(file).href)} }).transaction('write');
    await tx.execute("INSERT INTO category (name) VALUES ('held')");
    process.stdout.write('locked\\n');
    process.stdin.resume().once('end', async () => { await tx.rollback(); process.exit(0); });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout?.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  return child;
}

const post = (url: string, name: string) =>
  fetch(`${url}/categories`, {
    method: 'POST',
    // The demo's writes need a user: user 1 administers the forum.
    headers: { 'content-type': 'application/json', authorization: 'Bearer user-1' },
    body: JSON.stringify({ name }),
  });

for (const orm of ['drizzle', 'typeorm', 'sequelize'] satisfies ForumOrm[]) {
  test(`demo (${orm}): a write while another process holds the SQLite lock is a 503, then succeeds`, async (t) => {
    const demo = await startDemo({ port: 0, file: join(dir, `${orm}.db`), orm });
    try {
      const holder = await holdWriteLock(demo.file);
      const start = performance.now();
      const busy = await post(demo.url, 'blocked');
      const ms = performance.now() - start;
      assert.equal(busy.status, 503);
      assert.equal(busy.headers.get('content-type'), 'application/problem+json; charset=utf-8');
      assert.equal(busy.headers.get('retry-after'), '1');
      assert.equal(((await busy.json()) as { code: string }).code, 'service_unavailable');
      assert.equal((await fetch(`${demo.url}/categories`)).status, 200, 'reads go on');

      holder.stdin?.end();
      await new Promise((resolve) => holder.once('exit', resolve));
      const created = await post(demo.url, 'after');
      assert.equal(created.status, 201);
      t.diagnostic(`${orm}: the write waited ${Math.round(ms)} ms for the lock, then answered 503`);
    } finally {
      await demo.close();
    }
  });
}

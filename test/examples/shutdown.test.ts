/**
 * Graceful shutdown of the demo, run as its own process (`npm run demo`) on
 * every ORM: on SIGTERM it refuses new connections, lets the requests in flight
 * (bodies still uploading) finish and answers them, closes the database, and
 * exits 0, leaving a consistent SQLite file with every acknowledged write.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from '@libsql/client';
import type { ForumFramework } from '../../examples/forum/frameworks.ts';
import type { ForumOrm } from '../../examples/forum/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'ormcrud-shutdown-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface Answer {
  readonly status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  readonly body: any;
}

/** Resolves with the first match of `pattern` in the child's output. */
function output(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk;
      const match = pattern.exec(text);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the demo exited (${code}) before printing ${pattern}:\n${text}`)));
  });
}

/** One request on a connection of its own. */
function send(port: number, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        // The demo's writes need a user: user 1 administers the forum.
        headers: { authorization: 'Bearer user-1', ...(payload && { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text && JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A create whose body is half sent: in flight until `finish()` sends the rest
 * and reads the answer. It asks `Expect: 100-continue`, so it is known to be in
 * the server's hands (headers read, routed) once the `100 Continue` comes.
 */
async function slowCreate(port: number, name: string): Promise<{ finish(): Promise<Answer> }> {
  const body = JSON.stringify({ name });
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let text = '';
  let onText = () => {};
  socket.on('data', (chunk) => {
    text += chunk;
    onText();
  });
  const ended = new Promise((resolve) => socket.once('close', resolve));
  socket.write(
    `POST /categories HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer user-1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await new Promise<void>((resolve) => {
    onText = () => {
      if (text.includes('\r\n\r\n')) resolve();
    };
    onText();
  });
  assert.match(text, /^HTTP\/1\.1 100 Continue\r\n\r\n$/);
  text = '';
  const half = Math.floor(body.length / 2);
  socket.write(body.slice(0, half));
  return {
    async finish() {
      socket.write(body.slice(half));
      // The server closes the connection after answering: it is shutting down.
      await ended;
      const [head = '', payload = ''] = text.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: payload && JSON.parse(payload) };
    },
  };
}

/** What a new connection gets: refused, or a status. */
function fresh(port: number): Promise<string | number> {
  return send(port, 'GET', '/categories').then(
    (res) => res.status,
    (error: NodeJS.ErrnoException) => error.code ?? String(error),
  );
}

const RUNS: [ForumOrm, ForumFramework][] = [
  ['drizzle', 'fastify'],
  ['typeorm', 'fastify'],
  ['sequelize', 'fastify'],
  ['drizzle', 'hono'],
  ['drizzle', 'express'],
];

for (const [orm, framework] of RUNS) {
  test(`demo (${orm}, ${framework}): SIGTERM answers the requests in flight, refuses new ones, closes the database, exits 0`, async (t) => {
    const file = join(dir, `${orm}-${framework}.db`);
    const child = spawn(
      process.execPath,
      ['--conditions=ormcrud-source', '--import', 'tsx', 'examples/forum/server.ts'],
      {
        cwd: root,
        env: { ...process.env, PORT: '0', FORUM_DB: file, FORUM_ORM: orm, FORUM_FRAMEWORK: framework },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (code, signal) => resolve([code, signal])),
    );
    try {
      const [, port] = (await output(child, /API docs: +http:\/\/127\.0\.0\.1:(\d+)\/docs/)).map(Number) as [
        number,
        number,
      ];
      const acknowledged: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await send(port, 'POST', '/categories', { name: `before-${i}` });
        assert.equal(res.status, 201);
        acknowledged.push(res.body.name);
      }
      const inFlight = await Promise.all([0, 1, 2, 3, 4].map((i) => slowCreate(port, `in-flight-${i}`)));

      const stopping = output(child, /SIGTERM: finishing/);
      child.kill('SIGTERM');
      await stopping;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const refused = await fresh(port);
      assert.ok(refused === 'ECONNREFUSED' || refused === 503, `a new connection got ${refused}`);

      const answers = await Promise.all(inFlight.map((request) => request.finish()));
      answers.forEach((res, i) => {
        assert.equal(res.status, 201, `request in flight ${i}`);
        assert.equal(res.body.name, `in-flight-${i}`);
        acknowledged.push(res.body.name);
      });
      assert.deepEqual(await exited, [0, null]);

      assert.ok(!existsSync(`${file}-journal`) && !existsSync(`${file}-wal`), 'no journal left behind');
      const db = createClient({ url: pathToFileURL(file).href });
      try {
        assert.deepEqual(
          (await db.execute('PRAGMA integrity_check')).rows.map((r) => r[0]),
          ['ok'],
        );
        assert.deepEqual((await db.execute('PRAGMA foreign_key_check')).rows, []);
        const names = new Set((await db.execute('SELECT name FROM category')).rows.map((r) => r[0]));
        for (const name of acknowledged) assert.ok(names.has(name), `${name} was acknowledged but is missing`);
      } finally {
        db.close();
      }
      t.diagnostic(
        `${orm} on ${framework}: ${inFlight.length} requests in flight at SIGTERM all answered 201; new connection: ${refused}; ` +
          `exit code 0; ${acknowledged.length} acknowledged writes found, file integrity ok`,
      );
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
}

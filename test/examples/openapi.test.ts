/**
 * The forum's OpenAPI document as outside tools read it: valid OpenAPI 3.1,
 * clean under Redocly's recommended rules, and exact enough that a client
 * generated from it (openapi-typescript + openapi-fetch) typechecks under
 * `tsc --strict` and works against the demo. Types are generated once per run,
 * into test/client/generated/ (not committed).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenApiDocument } from 'ormcrud';
import { startDemo } from '../../examples/forum/server.ts';
import { openSqliteForum } from '../fixtures/drizzle/target.ts';
import type { ForumHarness } from '../support/forum-target.ts';
import { forumOpenApi } from '../support/openapi.ts';

const run = promisify(execFile);

/** What test/client/forum-client.ts reports (its own type lives beside the generated one). */
interface ClientRun {
  readonly names: string[];
  readonly includedThreads: string[];
  readonly filtered: number;
  readonly created: { readonly id: number; readonly name: string; readonly threads: unknown };
  readonly location: string | null;
  readonly createdThread: string;
  readonly patched: null;
  readonly renamed: string;
  readonly deletedThread: string;
  readonly deleted: string;
  readonly missing: { readonly status: number; readonly code: string };
  readonly me: string;
  readonly myPosts: number;
  readonly anonymous: {
    readonly status: number;
    readonly challenge: string | null;
    readonly problem: { code: string };
  };
}
const root = fileURLToPath(new URL('../../', import.meta.url));
const client = join(root, 'test/client');
const dir = mkdtempSync(join(tmpdir(), 'ormcrud-openapi-'));
const file = join(dir, 'forum.json');

let harness: ForumHarness;
let doc: OpenApiDocument;
before(async () => {
  harness = await openSqliteForum();
  doc = forumOpenApi(harness.adapters);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  mkdirSync(join(client, 'generated'), { recursive: true });
  writeFileSync(join(client, 'generated/forum-api.ts'), astToString(await openapiTS(structuredClone(doc) as never)));
});
after(async () => {
  await harness.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the document validates as OpenAPI 3.1', async () => {
  const api = (await SwaggerParser.validate(structuredClone(doc) as never)) as { openapi: string };
  assert.equal(api.openapi, '3.1.0');
});

test('path parameters follow the alias rule and /me has none', () => {
  const paths = Object.keys(doc.paths);
  assert.ok(paths.includes('/categories/{category_id}/threads/{thread_id}/posts/{post_id}'));
  assert.ok(paths.includes('/users/me/posts/{post_id}'));
  assert.ok(!paths.some((p) => p.startsWith('/users/me') && p.includes('{user_id}')));
});

test('every operation that reaches the database declares its 503, extra routes too', () => {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, { responses: Record<string, unknown> }>)) {
      assert.ok(op.responses['503'], `${method} ${path}`);
    }
  }
});

test('/users/me needs the bearer token; its 401 names the challenge', () => {
  for (const [path, method] of [
    ['/users/me', 'get'],
    ['/users/me', 'patch'],
    ['/users/me/posts', 'post'],
  ] as const) {
    const op = doc.paths[path]?.[method] as { security?: unknown; responses: Record<string, unknown> };
    assert.deepEqual(op.security, [{ bearer: [] }], `${method} ${path}`);
    assert.deepEqual(op.responses[401], { $ref: '#/components/responses/Unauthorized' });
  }
  assert.equal((doc.paths['/categories']?.get as { security?: unknown } | undefined)?.security, undefined);
});

test('redocly lint (recommended rules): no errors, no warnings', async () => {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');
  const { stdout } = await run(process.execPath, [cli, 'lint', file, '--format=json'], { cwd: root, env });
  const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
  assert.deepEqual(report.totals, { ...report.totals, errors: 0, warnings: 0 }, JSON.stringify(report.problems));
});

test('the generated client typechecks under tsc --strict', async () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const result = await run(process.execPath, [tsc, '-p', join(client, 'tsconfig.json')], { cwd: root }).catch(
    (error: { stdout?: string }) => error,
  );
  assert.equal('stdout' in result ? result.stdout : '', '', 'tsc reports nothing');
});

test('the generated client lists, creates, patches, deletes and calls /users/me on the demo', async () => {
  const module = join(client, 'forum-client.ts');
  // Imported by its path only: the main typecheck must not follow it to the generated types.
  const { runForumClient } = (await import(module)) as { runForumClient(url: string): Promise<ClientRun> };
  const demo = await startDemo({ port: 0, file: join(dir, 'forum.db') });
  try {
    const seen = await runForumClient(demo.url);
    assert.deepEqual(seen.names, ['Off-topic', 'Help']);
    assert.ok(seen.includedThreads.length > 0, 'include=threads loads threads');
    assert.equal(seen.filtered, 1);
    assert.equal(seen.created.name, 'From the client');
    assert.equal(seen.created.threads, null);
    assert.equal(seen.location, `/categories/${seen.created.id}`);
    assert.equal(seen.createdThread, 'Typed end to end');
    assert.equal(seen.patched, null);
    assert.equal(seen.renamed, 'Renamed');
    assert.equal(seen.deletedThread, 'Typed end to end');
    assert.equal(seen.deleted, 'Renamed');
    assert.deepEqual([seen.missing.status, seen.missing.code], [404, 'not_found']);
    assert.equal(typeof seen.me, 'string');
    assert.ok(seen.myPosts > 0);
    assert.deepEqual(
      [seen.anonymous.status, seen.anonymous.challenge, seen.anonymous.problem.code],
      [401, 'Bearer', 'unauthorized'],
    );
  } finally {
    await demo.close();
  }
});

/**
 * The forum's OpenAPI document is valid OpenAPI 3 (official schema plus the
 * semantic checks client generators rely on: unique operationIds, every path
 * parameter declared), with every generated and extra route in it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { FastifyInstance } from 'fastify';
import { createForumApp } from '../../examples/forum/app.ts';
import { drizzleTargets } from '../fixtures/drizzle/target.ts';
import type { ForumHarness } from '../support/forum-target.ts';

let harness: ForumHarness;
let app: FastifyInstance;
before(async () => {
  harness = await (drizzleTargets()[0] as NonNullable<ReturnType<typeof drizzleTargets>[0]>).open();
  app = await createForumApp(harness.adapters);
  await app.ready();
});
after(async () => {
  await app.close();
  await harness.close();
});

test('the document validates as OpenAPI 3', async () => {
  const api = (await SwaggerParser.validate(structuredClone(app.swagger()) as never)) as {
    openapi: string;
    paths: Record<string, object>;
  };
  assert.match(api.openapi, /^3\./);
  assert.ok(Object.keys(api.paths).length >= 20);
});

test('path parameters follow the alias rule and /me has none', () => {
  const paths = Object.keys((app.swagger() as { paths: Record<string, object> }).paths);
  assert.ok(paths.includes('/categories/{category_id}/threads/{thread_id}/posts/{post_id}'));
  assert.ok(paths.includes('/users/me/posts/{post_id}'));
  assert.ok(!paths.some((p) => p.startsWith('/users/me') && p.includes('{user_id}')));
});

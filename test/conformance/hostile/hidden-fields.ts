/**
 * No response of the forum, anywhere, ever shows an excluded field: every
 * operation of its OpenAPI document, with every include, as every kind of
 * caller, its writes and its errors.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { forumSeed } from '../../support/forum-sql.ts';
import type { ForumSuite } from '../../support/forum-suite.ts';
import { fillPath, forumOpenApi, type Operation, operationsOf } from '../../support/openapi.ts';
import { bodyFor } from '../../support/request-arbitraries.ts';

const EXCLUDED = ['password_hash', 'api_token'];
const NEW_SECRET = 'pbkdf2$brian-NEW-SECRET';
/** Anonymous, the administrator (who wrote post 1), and another user (under `/users/me`). */
const callersOf = (op: Operation) =>
  op.path.startsWith('/users/me') ? ['Bearer user-1', 'Bearer user-2'] : [undefined, 'Bearer user-1'];

/** No response ever shows an excluded field. */
export function hiddenFields(s: ForumSuite): void {
  test('every route, with every include, for every caller; writes and errors too', async (t) => {
    const seeded: (string | null)[] = forumSeed.user.flatMap((u) => [u.password_hash, u.api_token]);
    const secrets = [...seeded.filter((v): v is string => v !== null), NEW_SECRET];
    let checked = 0;
    const send = async (method: string, url: string, authorization?: string, body?: unknown) => {
      const res = await s.app.inject({
        method: method as 'GET',
        url,
        headers: {
          ...(authorization && { authorization }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
      checked += 1;
      const what = `${method} ${url} [${authorization ?? 'anonymous'}] -> ${res.statusCode}`;
      assert.ok(res.statusCode < 500, `${what}: ${res.body}`);
      for (const secret of secrets) assert.ok(!res.body.includes(secret), `${what} shows a secret: ${res.body}`);
      for (const field of EXCLUDED) assert.ok(!res.body.includes(`"${field}"`), `${what} shows ${field}: ${res.body}`);
      return res;
    };

    // A changed secret is no more shown than a seeded one (the API itself never writes it: `/users/me` renames).
    await s.harness.sql('UPDATE "user" SET "password_hash" = ? WHERE "id" = ?', [NEW_SECRET, 2]);
    const refused = await send('PATCH', '/users/me', 'Bearer user-2', { password_hash: 'pbkdf2$other' });
    assert.equal(refused.statusCode, 200);
    assert.equal((await s.rows('user', { id: 2 }))[0]?.password_hash, NEW_SECRET);

    const ops = operationsOf(forumOpenApi(s.harness.adapters));
    // Every seeded chain starts at id 1 (post 1 is ada's, in thread 1 of category 1, translated to English).
    const pathOf = (op: Operation) =>
      fillPath(
        op.path,
        Object.fromEntries(op.pathParams.map((p) => [p.name, p.schema.type === 'string' ? 'en' : '1'])),
      );
    const includesOf = (op: Operation) =>
      (op.queryParams.find((p) => p.name === 'include')?.schema.items?.enum ?? []) as string[];

    for (const op of ops.filter((o) => o.method === 'GET')) {
      const includes = includesOf(op);
      const all = includes.length > 0 ? `?${includes.map((name) => `include=${name}`).join('&')}` : '';
      for (const caller of callersOf(op)) {
        for (const query of new Set(['', all])) await send('GET', pathOf(op) + query, caller);
      }
      // Errors: an include that does not exist, a row that does not exist.
      await send('GET', `${pathOf(op)}?include=nope`, 'Bearer user-1');
      const missing = fillPath(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, '999'])));
      if (op.pathParams.length > 0) await send('GET', missing, 'Bearer user-1');
    }

    // Writes answer with the object (or a problem): as the administrator, and as a user under /users/me.
    const writes = ops
      .filter((o) => o.method !== 'GET')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const op of writes) {
      const body = op.body ? fc.sample(bodyFor(op.body, 'valid'), { numRuns: 1, seed: 42 })[0] : undefined;
      const json = body && 'json' in body ? body.json : undefined;
      for (const caller of ['Bearer user-1', 'Bearer user-2']) await send(op.method, pathOf(op), caller, json);
    }
    t.diagnostic(`${s.target.name}: ${checked} responses checked over ${ops.length} operations`);
  });
}

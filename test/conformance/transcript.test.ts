/**
 * One request sequence (CRUD, nesting, `/users/me`, every kind of error,
 * HEAD, OPTIONS) through Fastify, Hono and Express over the same freshly
 * seeded forum, on every ORM × database: the three transcripts (status,
 * the headers that matter, body) must be identical.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ForumHarness } from '../support/forum-target.ts';
import { type Framework, forumTestApp, testFrameworks } from '../support/framework-apps.ts';
import { forumTargets } from '../support/targets.ts';

const ADMIN = { authorization: 'Bearer user-1' };
const BRIAN = { authorization: 'Bearer user-2' };
const JSON_BODY = { 'content-type': 'application/json' };

/** A request: method, URL, headers, raw body. */
type Step = readonly [method: string, url: string, headers?: Record<string, string>, body?: string];

const json = (value: unknown) => JSON.stringify(value);

const STEPS: readonly Step[] = [
  ['GET', '/categories?sort=id&include=threads'],
  ['GET', '/categories/'],
  ['GET', '/categories/1'],
  ['HEAD', '/categories/1'],
  ['HEAD', '/categories/999'],
  ['OPTIONS', '/categories'],
  ['OPTIONS', '/categories/1'],
  ['POST', '/categories', { ...ADMIN, ...JSON_BODY }, json({ name: 'Transcript', id: 99 })],
  ['POST', '/categories/', { ...ADMIN, ...JSON_BODY }, json({ name: 'Slashed' })],
  ['PATCH', '/categories/4', { ...ADMIN, ...JSON_BODY }, json({ name: 'Renamed' })],
  ['GET', '/categories/4/'],
  ['DELETE', '/categories/5', ADMIN],
  ['GET', '/categories/5'],
  ['POST', '/categories/1/threads', { ...ADMIN, ...JSON_BODY }, json({ title: 'Nested' })],
  ['GET', '/categories/1/threads/4/posts?per_page=1'],
  ['GET', '/categories/2/threads/1'],
  ['GET', '/categories/999/threads'],
  ['GET', '/categories/search?name=General'],
  ['PATCH', '/categories/search', ADMIN],
  ['GET', '/categories/1/stats'],
  ['GET', '/post-translations/1/en'],
  ['POST', '/posts/2/translations', { ...ADMIN, ...JSON_BODY }, json({ language: 'es', body: 'Hola' })],
  ['GET', '/users/me'],
  ['GET', '/users/me', BRIAN],
  ['DELETE', '/users/me', BRIAN],
  ['PATCH', '/users/me', { ...BRIAN, ...JSON_BODY }, json({ username: 'brian2', is_admin: true })],
  ['POST', '/users/me/posts', { ...BRIAN, ...JSON_BODY }, json({ thread_id: 1, slug: 'mine' })],
  ['GET', '/users/me/posts?sort=id', BRIAN],
  ['POST', '/categories', JSON_BODY, json({ name: 'anonymous' })],
  ['POST', '/categories', { ...BRIAN, ...JSON_BODY }, json({ name: 'not an admin' })],
  ['POST', '/users', ADMIN],
  ['PUT', '/categories/1', ADMIN],
  ['POST', '/categories', { ...ADMIN, ...JSON_BODY }, '{"name": '],
  ['POST', '/categories', { ...ADMIN, ...JSON_BODY }, ' '],
  ['POST', '/categories', { ...ADMIN, ...JSON_BODY }, '{"name":"x","__proto__":{"admin":true}}'],
  ['POST', '/categories', { ...ADMIN, ...JSON_BODY }, json({ name: 'x'.repeat(2_000_000) })],
  ['POST', '/categories', { ...ADMIN, 'content-type': 'text/plain' }, 'name=x'],
  ['POST', '/categories', ADMIN],
  ['POST', '/categories', { ...ADMIN, ...JSON_BODY }, json({ name: 42 })],
  ['POST', '/tags', { ...ADMIN, ...JSON_BODY }, json({ name: 'intro' })],
  ['POST', '/threads', { ...ADMIN, ...JSON_BODY }, json({ category_id: 999, title: 'Orphan' })],
  ['GET', '/categories/01'],
  ['GET', '/categories/abc'],
  ['GET', '/posts?thread_id=0x1&page=0&sort=nope'],
  ['GET', '/categories?created_at=yesterday'],
  ['GET', '/categories/1/nope'],
  ['GET', '/nope'],
  ['POST', '/nope', JSON_BODY, json({ a: 1 })],
  ['POST', '/nope', JSON_BODY, '{x'],
  ['GET', '/tags/%E0%A4%A'],
  ['GET', '/ta%gs'],
  ['GET', `/tags/${'1'.repeat(200)}`],
  ['TRACE', '/categories'],
];

/** The headers compared. */
const HEADERS = ['content-type', 'location', 'allow', 'www-authenticate', 'retry-after'];

/** Date-times differ from one reseed to the next; nothing else may. */
const DATE_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

async function transcript(framework: Framework, harness: ForumHarness): Promise<string[]> {
  await harness.reset();
  const app = await forumTestApp(framework, harness.adapters);
  const lines: string[] = [];
  try {
    for (const [method, url, headers = {}, payload] of STEPS) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload !== undefined && { payload }),
      });
      const shown = HEADERS.filter((name) => res.headers[name] !== undefined).map((n) => `${n}: ${res.headers[n]}`);
      const body = res.body.replace(DATE_TIME, '<date-time>');
      lines.push(`${method} ${url.slice(0, 60)} -> ${res.statusCode} | ${shown.join(' | ')} | ${body.slice(0, 2000)}`);
    }
  } finally {
    await app.close();
  }
  return lines;
}

const frameworks = testFrameworks();

for (const target of forumTargets()) {
  describe(`the same transcript through ${frameworks.join(', ')} [${target.name}]`, () => {
    let harness: ForumHarness;
    before(async () => {
      harness = await target.open();
    });
    after(() => harness?.close());

    test('identical status, headers and body for every request', async (t) => {
      const [first, ...others] = frameworks;
      if (!first || others.length === 0) return t.skip('one framework only');
      const expected = await transcript(first, harness);
      for (const framework of others) {
        const got = await transcript(framework, harness);
        for (const [i, line] of expected.entries()) assert.equal(got[i], line, `${framework} differs from ${first}`);
      }
      const statuses = expected.map((line) => line.split(' -> ')[1]?.slice(0, 3));
      t.diagnostic(`${STEPS.length} requests, statuses ${[...new Set(statuses)].sort().join(' ')}`);
    });
  });
}

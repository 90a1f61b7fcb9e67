/**
 * A 422 stays small whatever the request repeats: `sort` and `include` sent
 * thousands of times get one short problem naming the parameter, the same on
 * every framework (and on Hono's `fetch` alone, with no URL length cap).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createForumHono } from '../../examples/forum/frameworks.ts';
import { validationError } from '../../src/core/http/field-errors.ts';
import { type DrizzleForumHarness, openSqliteForum } from '../fixtures/drizzle/target.ts';
import { call, type Reply } from '../support/forum-suite.ts';
import { type Framework, forumTestApp, type TestApp, testFrameworks } from '../support/framework-apps.ts';

/** The most bytes a 422 below may take. */
const SMALL = 2048;

const repeated = (path: string, pair: string, times: number) => `${path}?${`${pair}&`.repeat(times)}`;

describe('a 422 is bounded, whatever the request repeats', () => {
  let harness: DrizzleForumHarness;
  const apps = new Map<Framework, TestApp>();
  before(async () => {
    harness = await openSqliteForum();
    await harness.reset();
    for (const framework of testFrameworks()) apps.set(framework, await forumTestApp(framework, harness.adapters));
  });
  after(async () => {
    for (const app of apps.values()) await app.close();
    await harness.close();
  });

  /** `url` through every framework: the same reply from each, which is returned. */
  async function everywhere(url: string): Promise<Reply> {
    const replies = await Promise.all([...apps.values()].map((app) => call(app, 'GET', url)));
    const [first] = replies;
    for (const [i, reply] of replies.entries()) {
      assert.deepEqual([reply.status, reply.body], [first?.status, first?.body], [...apps.keys()][i]);
    }
    return first as Reply;
  }

  const tooMany = (name: string) => ({
    type: 'about:blank',
    title: 'Unprocessable Content',
    status: 422,
    detail: `Invalid query.${name}`,
    code: 'validation_failed',
    errors: [{ path: `query.${name}`, message: 'must NOT have more than 100 items' }],
  });

  test('sort and include past 100 values are one error naming the parameter', async () => {
    for (const [url, name] of [
      [repeated('/posts', 'sort=x', 2280), 'sort'],
      [repeated('/threads', 'include=x', 1600), 'include'],
      [repeated('/posts', 'sort=id', 101), 'sort'],
      [repeated('/threads/1', 'include=category', 101), 'include'],
    ] as const) {
      const res = await everywhere(url);
      assert.deepEqual(res.body, tooMany(name), url.slice(0, 40));
      assert.ok(JSON.stringify(res.body).length < SMALL);
    }
  });

  test('up to 100 values, bad items of one array are one error; good ones are a page', async () => {
    const bad = await everywhere(`/posts?${Array.from({ length: 100 }, (_, i) => `sort=x${i}`).join('&')}&page=0`);
    assert.equal(bad.status, 422);
    assert.deepEqual(
      bad.body.errors.map((e: { path: string }) => e.path),
      ['query.page', 'query.sort.0'],
    );
    assert.equal(bad.body.detail, 'Invalid query.page, query.sort.0 and 99 more');
    assert.ok(JSON.stringify(bad.body).length < SMALL);
    assert.equal((await everywhere(repeated('/posts', 'sort=id:desc', 100))).status, 200);
    assert.equal((await everywhere(repeated('/threads', 'include=posts', 100))).status, 200);
  });

  test("Hono's fetch, with no URL length cap, answers 100 000 repeats alike", async () => {
    const app = createForumHono(harness.adapters);
    const res = await app.fetch(new Request(`http://x${repeated('/posts', 'sort=x', 100_000)}`));
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), tooMany('sort'));
  });

  test('the OpenAPI document states the limit', async () => {
    for (const [framework, app] of apps) {
      const doc = (await call(app, 'GET', '/docs/json')).body;
      const params = doc.paths['/posts'].get.parameters as { name: string; schema: { maxItems?: number } }[];
      const limits = params.filter((p) => p.name === 'sort' || p.name === 'include').map((p) => p.schema.maxItems);
      assert.deepEqual(limits, [100, 100], framework);
    }
  });

  test('at most 20 errors, and a detail that counts the rest', () => {
    const issues = Array.from({ length: 1000 }, (_, i) => ({ instancePath: `/f${i}`, params: {}, message: 'bad' }));
    const error = validationError(issues, 'body');
    assert.equal(error.errors?.length, 20);
    assert.match(error.detail, /^Invalid body\.f0, body\.f1, .*, body\.f19 and 980 more$/);
  });
});

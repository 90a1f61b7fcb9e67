import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ForumSuite } from '../../support/forum-suite.ts';

const SPELLINGS_OF_ONE = ['0x1', '1e0', '%20%201', '1%20', '+1', '01', '1.0', '0b1', '%2B1'];

/** Every row has a URL, and every id in a URL one spelling. */
export function canonicalIds(s: ForumSuite): void {
  const refused = (res: { status: number; body: { errors?: { path: string }[] } }, path: string, what: string) => {
    assert.equal(res.status, 422, what);
    assert.deepEqual(
      res.body.errors?.map((e) => e.path),
      [path],
      what,
    );
  };

  test('a path id spelt other than in plain decimal is 422 naming the parameter, on every method', async () => {
    for (const one of SPELLINGS_OF_ONE) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const res = await s.call(method, `/categories/${one}`, method === 'PATCH' ? { name: 'Hijacked' } : undefined);
        refused(res, 'path.category_id', `${method} /categories/${one}`);
      }
      refused(await s.call('GET', `/categories/${one}/threads/1`), 'path.category_id', `parent ${one}`);
      refused(await s.call('GET', `/categories/1/threads/${one}`), 'path.thread_id', `child ${one}`);
      refused(await s.call('GET', `/post-translations/${one}/en`), 'path.post_id', `composite ${one}`);
    }
    assert.equal((await s.rows('category', { id: 1 }))[0]?.name, 'General');
    assert.equal((await s.rows('category')).length, 3);
  });

  test('integer query parameters are refused the same way', async () => {
    for (const one of SPELLINGS_OF_ONE) {
      refused(await s.call('GET', `/posts?thread_id=${one}`), 'query.thread_id', `filter ${one}`);
      refused(await s.call('GET', `/posts?page=${one}`), 'query.page', `page ${one}`);
      refused(await s.call('GET', `/posts?per_page=${one}0`), 'query.per_page', `per_page ${one}0`);
    }
    const message = (await s.call('GET', '/posts?thread_id=01')).body.errors[0].message;
    assert.match(message, /plain decimal/);
  });

  test('a string key a client sets is never empty: no URL could name that row', async () => {
    const admin = { authorization: 'Bearer user-1' };
    const res = await s.call('POST', '/post-translations', { post_id: 2, language: '', body: 'x' }, admin);
    refused(res, 'body.language', 'empty language');
    const nested = await s.call('POST', '/posts/2/translations', { language: '', body: 'x' }, admin);
    refused(nested, 'body.language', 'empty language, nested');
    assert.equal((await s.rows('post_translation', { post_id: 2 })).length, 0);
  });

  test('the canonical spellings still work', async () => {
    assert.equal((await s.call('GET', '/categories/1')).body.name, 'General');
    assert.equal((await s.call('GET', '/categories/0')).status, 404);
    assert.equal((await s.call('GET', '/categories/-1')).status, 404);
    assert.equal((await s.call('GET', '/categories/-0')).status, 422);
    assert.equal((await s.call('GET', '/categories/1/threads/2')).body.title, 'Rules');
    const page = (await s.call('GET', '/posts?thread_id=1&page=1&per_page=10')).body;
    assert.deepEqual(
      page.data.map((p: { id: number }) => p.id),
      [1, 2],
    );
    assert.equal((await s.call('GET', '/posts?thread_id=-5')).body.count, 0);
  });
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ForumSuite } from '../../support/forum-suite.ts';

const json = { 'content-type': 'application/json', authorization: 'Bearer user-1' };

/** Error messages a client can act on. */
export function problemMessages(s: ForumSuite): void {
  const unchanged = async () => assert.equal((await s.rows('category')).length, 3);

  test('a malformed JSON body is 422 with an error on the body', async () => {
    for (const text of ['{"name": ', '{"name":"x"}garbage', "{'name':'x'}"]) {
      const res = await s.call('POST', '/categories', text, json);
      assert.equal(res.status, 422, text);
      assert.equal(res.body.detail, 'The body is not valid JSON');
      assert.equal(res.body.errors.length, 1);
      assert.equal(res.body.errors[0].path, 'body');
      assert.match(res.body.errors[0].message, /^is not valid JSON/);
      assert.ok(!JSON.stringify(res.body).includes('garbage'), 'the body is not echoed');
    }
    const empty = await s.call('POST', '/categories', ' ', json);
    assert.deepEqual([empty.status, empty.body.errors[0].path], [422, 'body']);
    await unchanged();
  });

  test('a __proto__ key is refused by name, and pollutes nothing', async () => {
    for (const text of [
      '{"name":"Polluter","__proto__":{"polluted":"yes"}}',
      '{"name":"Polluter","\\u005f_proto__":{"polluted":"yes"}}',
      '{"name":"Polluter","nested":{"__proto__":{"polluted":"yes"}}}',
      '{"name":"Polluter","constructor":{"prototype":{"polluted":"yes"}}}',
    ]) {
      const res = await s.call('POST', '/categories', text, json);
      assert.equal(res.status, 422, text);
      assert.match(String(res.headers['content-type']), /problem\+json/);
      assert.doesNotMatch(JSON.stringify(res.body), /not valid JSON/);
      assert.match(res.body.errors[0].message, /__proto__|constructor/);
      assert.match(res.body.errors[0].message, /prototype/);
      const patch = await s.call('PATCH', '/categories/1', text, json);
      assert.equal(patch.status, 422, text);
    }
    assert.equal(({} as { polluted?: string }).polluted, undefined);
    assert.equal(Object.hasOwn(Object.prototype, 'polluted'), false);
    assert.equal((await s.rows('category', { name: 'Polluter' })).length, 0);
    assert.equal((await s.rows('category', { id: 1 }))[0]?.name, 'General');
    const harmless = await s.call('POST', '/categories', '{"name":"\\u0041da","proto":1}', json);
    assert.deepEqual([harmless.status, harmless.body.name], [201, 'Ada']);
  });

  test('an invalid date in a filter says it must be a date-time, without a regular expression', async () => {
    for (const value of ['yesterday', '2024-13-01T00:00:00Z', '2024-01-01', '1']) {
      const res = await s.call('GET', `/categories?created_at=${encodeURIComponent(value)}`);
      assert.equal(res.status, 422, value);
      assert.deepEqual(res.body.errors, [
        {
          path: 'query.created_at',
          message: 'must be a date-time such as 2024-01-31T09:30:00Z, to the millisecond at most',
        },
      ]);
    }
  });
}

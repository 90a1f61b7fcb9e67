import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { describeForum } from '../support/forum-suite.ts';

/** The forum's administrator: writes outside `/users/me` need one. */
const admin = { authorization: 'Bearer user-1' };

describeForum(
  'bad input never writes and never leaks',
  (s) => {
    const unchanged = async () => {
      assert.equal((await s.rows('category')).length, 3);
      assert.equal((await s.rows('post')).length, 4);
    };
    const isProblem = (res: { status: number; headers: Record<string, unknown>; body: unknown }, status: number) => {
      assert.equal(res.status, status);
      assert.match(String(res.headers['content-type']), /application\/problem\+json/);
      assert.doesNotMatch(JSON.stringify(res.body), /SELECT|INSERT|UPDATE|DELETE|constraint|at .*\.ts/i);
    };

    test('malformed JSON is 422', async () => {
      const res = await s.call('POST', '/categories', '{"name": ', { ...admin, 'content-type': 'application/json' });
      isProblem(res, 422);
      await unchanged();
    });

    test('wrong types and missing fields are 422 naming each field', async () => {
      const res = await s.call('POST', '/posts', { thread_id: 'one', author_id: 'x' }, admin);
      isProblem(res, 422);
      const paths = res.body.errors.map((e: { path: string }) => e.path).sort();
      assert.deepEqual(paths, ['body.slug', 'body.thread_id'], 'author_id is read-only: not in the schema');
      const patch = await s.call('PATCH', '/categories/1', { name: 42 }, admin);
      isProblem(patch, 422);
      assert.equal(patch.body.errors[0].path, 'body.name');
      await unchanged();
    });

    test('a string longer than its column is 422', async () => {
      isProblem(await s.call('POST', '/categories', { name: 'x'.repeat(101) }, admin), 422);
      await unchanged();
    });

    test('text past what its column holds (a MySQL TEXT) is a 422 naming the field; nothing is written', async (t) => {
      if (s.target.dialect !== 'mysql') return t.skip('the column holds any length');
      // 70,000 bytes of UTF-8 in a TEXT of 65,535.
      const body = 'é'.repeat(35_000);
      const created = await s.call('POST', '/post-translations', { post_id: 1, language: 'de', body }, admin);
      isProblem(created, 422);
      assert.deepEqual(created.body.errors, [{ path: 'body.body', message: created.body.detail }]);
      const updated = await s.call('PATCH', '/post-translations/1/en', { body }, admin);
      isProblem(updated, 422);
      assert.deepEqual(
        updated.body.errors.map((e: { path: string }) => e.path),
        ['body.body'],
      );
      assert.deepEqual((await s.rows('post_translation', { post_id: 1 })).map((row) => row.body).sort(), [
        'Bonjour',
        'Hello',
      ]);
    });

    test('non-numeric ids are 422', async () => {
      for (const [method, url] of [
        ['GET', '/categories/abc'],
        ['PATCH', '/categories/1.5'],
        ['DELETE', '/categories/-'],
      ] as const) {
        isProblem(await s.call(method, url, method === 'PATCH' ? {} : undefined), 422);
      }
      await unchanged();
    });

    test('an oversize body is 413', async () => {
      isProblem(await s.call('POST', '/categories', { name: 'x'.repeat(2_000_000) }, admin), 413);
      await unchanged();
    });

    test('a body that is not JSON is 415', async () => {
      isProblem(await s.call('POST', '/categories', 'name=x', { ...admin, 'content-type': 'text/plain' }), 415);
      await unchanged();
    });

    test('a body that is not UTF-8 or Unicode is 422; one declared in another charset 415', async () => {
      const json = { ...admin, 'content-type': 'application/json' };
      const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
      const broken = await s.call('POST', '/categories', bytes, json);
      isProblem(broken, 422);
      assert.deepEqual(broken.body.errors, [{ path: 'body', message: 'is not valid UTF-8; send JSON as UTF-8' }]);
      for (const charset of ['latin1', 'utf-16le', '"iso-8859-1"']) {
        const type = { ...admin, 'content-type': `application/json; charset=${charset}` };
        isProblem(await s.call('POST', '/categories', { name: 'ascii' }, type), 415);
      }
      const lone = await s.call('POST', '/categories', '{"name":"a\\ud800b"}', json);
      isProblem(lone, 422);
      assert.match(lone.body.errors[0].message, /unpaired surrogate/);
      await unchanged();
      const quoted = { ...admin, 'content-type': 'application/json; charset="UTF-8"' };
      assert.equal((await s.call('POST', '/categories', { name: 'quoted' }, quoted)).status, 201);
    });

    test('a body in a content coding is 415 naming it, on a route or on no route; identity is none', async () => {
      const json = { ...admin, 'content-type': 'application/json' };
      for (const [coding, named] of [
        ['gzip', 'gzip'],
        ['BR', 'br'],
        ['deflate', 'deflate'],
        ['identity, x-custom', 'x-custom'],
      ] as const) {
        const coded = { ...json, 'content-encoding': coding };
        for (const url of ['/categories', '/nowhere']) {
          const res = await s.call('POST', url, { name: 'coded' }, coded);
          isProblem(res, 415);
          assert.deepEqual(
            [res.body.code, res.body.detail],
            ['unsupported_media_type', `The body is in content coding ${named}; send it without one`],
          );
        }
      }
      const zipped = gzipSync(JSON.stringify({ name: 'zipped' }));
      isProblem(await s.call('POST', '/categories', zipped, { ...json, 'content-encoding': 'gzip' }), 415);
      // A DELETE's body is read too, though its route takes none.
      isProblem(await s.call('DELETE', '/categories/3', zipped, { ...json, 'content-encoding': 'gzip' }), 415);
      await unchanged();
      const plain = { ...admin, 'content-encoding': 'Identity' };
      assert.equal((await s.call('POST', '/categories', { name: 'identity' }, plain)).status, 201);
    });

    test('a request labelled JSON that sends no body has none: a DELETE is done, a create is a 422', async () => {
      const labelled = { 'content-type': 'application/json', ...admin };
      const made = [];
      for (const name of ['unlabelled', 'zero']) made.push((await s.call('POST', '/tags', { name }, admin)).body.id);
      const deleted = await s.call('DELETE', `/tags/${made[0]}`, undefined, labelled);
      assert.deepEqual([deleted.status, deleted.body.name], [200, 'unlabelled']);
      assert.equal((await s.call('GET', `/tags/${made[0]}`)).status, 404);
      const zero = await s.call('DELETE', `/tags/${made[1]}`, '', { ...labelled, 'content-length': '0' });
      assert.deepEqual([zero.status, zero.body.name], [200, 'zero']);
      isProblem(await s.call('POST', '/tags', undefined, labelled), 422);
    });

    test('a method no route takes is a 404, whatever its body', async () => {
      const res = await s.call('PROPFIND' as 'GET', '/categories/1', '{', {
        ...admin,
        'content-type': 'application/json',
      });
      isProblem(res, 404);
      await unchanged();
    });

    test('unknown and read-only body keys never reach the database', async () => {
      const res = await s.call(
        'POST',
        '/categories',
        {
          name: 'Mass',
          id: 77,
          created_at: '2000-01-01T00:00:00Z',
          is_admin: true,
        },
        admin,
      );
      assert.equal(res.status, 201);
      assert.notEqual(res.body.id, 77);
      assert.equal(res.body.is_admin, undefined);
      assert.equal((await s.rows('category', { id: 77 })).length, 0);
      await s.call('PATCH', `/categories/${res.body.id}`, { id: 78, name: 'Mass2' }, admin);
      assert.equal((await s.rows('category', { id: 78 })).length, 0);
      assert.equal((await s.rows('category', { id: res.body.id }))[0]?.name, 'Mass2');
    });

    test('a unique violation is 409', async () => {
      isProblem(await s.call('POST', '/tags', { name: 'intro' }, admin), 409);
      isProblem(await s.call('PATCH', '/users/me', { username: 'ada' }, { authorization: 'Bearer user-2' }), 409);
      assert.equal((await s.rows('user', { username: 'ada' })).length, 1);
      assert.equal((await s.rows('tag', { name: 'intro' })).length, 1);
    });

    test('a foreign-key violation is 409', async () => {
      isProblem(await s.call('POST', '/threads', { category_id: 999, title: 'Orphan' }, admin), 409);
      isProblem(await s.call('DELETE', '/categories/1', undefined, admin), 409);
      await unchanged();
      assert.equal((await s.rows('thread')).length, 3);
    });
  },
  { reset: 'each' },
);

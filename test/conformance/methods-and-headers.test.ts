/**
 * What every path answers besides its operations (HEAD, OPTIONS, 405 with
 * `Allow`) and the headers the core adds: a 201's `Location`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeForum } from '../support/forum-suite.ts';

describeForum(
  'methods and headers every binding shares',
  (s) => {
    test('HEAD answers like GET, with its status and length but no body', async () => {
      const get = await s.app.inject({ method: 'GET', url: '/categories/1' });
      const head = await s.app.inject({ method: 'HEAD', url: '/categories/1' });
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
      assert.equal(head.headers['content-length'], String(Buffer.byteLength(get.body)));
      assert.equal((await s.call('HEAD', '/categories')).status, 200);
      assert.equal((await s.call('HEAD', '/categories/')).status, 200);
      assert.equal((await s.call('HEAD', '/categories/999')).status, 404);
      assert.equal((await s.call('HEAD', '/users/me')).status, 401);
    });

    test('OPTIONS answers 204 with the methods of the path in Allow', async () => {
      for (const [url, allow] of [
        ['/categories', 'GET, HEAD, POST, OPTIONS'],
        ['/categories/', 'GET, HEAD, POST, OPTIONS'],
        ['/categories/1', 'GET, HEAD, PATCH, DELETE, OPTIONS'],
        ['/categories/search', 'GET, HEAD, OPTIONS'],
        ['/users/me', 'GET, HEAD, PATCH, OPTIONS'],
      ] as const) {
        const res = await s.app.inject({ method: 'OPTIONS', url });
        assert.equal(res.statusCode, 204, url);
        assert.equal(res.headers.allow, allow, url);
        assert.equal(res.body, '', url);
      }
      const wrong = await s.call('DELETE', '/users/me', undefined, { authorization: 'Bearer user-1' });
      assert.equal(wrong.status, 405);
      assert.equal(wrong.headers.allow, 'GET, HEAD, PATCH, OPTIONS');
    });

    test('a 201 carries the Location of the new row, flat, nested, composite and pinned', async () => {
      const admin = { authorization: 'Bearer user-1' }; // user 1 administers the forum
      const flat = await s.call('POST', '/categories?x=1', { name: 'Located' }, admin);
      assert.equal(flat.status, 201);
      assert.equal(flat.headers.location, `/categories/${flat.body.id}`);
      assert.equal((await s.call('GET', String(flat.headers.location))).body.name, 'Located');

      const slash = await s.call('POST', '/categories/', { name: 'Slashed' }, admin);
      assert.equal(slash.headers.location, `/categories/${slash.body.id}`);

      const nested = await s.call('POST', `/categories/${flat.body.id}/threads`, { title: 'Here' }, admin);
      assert.equal(nested.status, 201);
      assert.equal(nested.headers.location, `/categories/${flat.body.id}/threads/${nested.body.id}`);
      assert.equal((await s.call('GET', String(nested.headers.location))).body.title, 'Here');

      const composite = await s.call('POST', '/post-translations', { post_id: 2, language: 'es', body: 'Hola' }, admin);
      assert.equal(composite.status, 201);
      assert.equal(composite.headers.location, '/post-translations/2/es');
      assert.equal((await s.call('GET', '/post-translations/2/es')).body.body, 'Hola');

      const mine = await s.call('POST', '/users/me/posts', { thread_id: 1, slug: 'mine' }, admin);
      assert.equal(mine.status, 201);
      assert.equal(mine.headers.location, `/users/me/posts/${mine.body.id}`);
    });

    test('a 401 from a dependency that declares security carries WWW-Authenticate', async () => {
      for (const [method, url] of [
        ['GET', '/users/me'],
        ['HEAD', '/users/me'],
        ['GET', '/users/me/posts'],
        ['PATCH', '/users/me'],
      ] as const) {
        const res = await s.call(method, url, method === 'PATCH' ? { name: 'x' } : undefined);
        assert.equal(res.status, 401, `${method} ${url}`);
        assert.equal(res.headers['www-authenticate'], 'Bearer', `${method} ${url}`);
      }
      const other = await s.call('GET', '/categories/999');
      assert.equal(other.headers['www-authenticate'], undefined);
    });

    test('a failed create carries no Location', async () => {
      const res = await s.call('POST', '/categories', {});
      assert.equal(res.status, 422);
      assert.equal(res.headers.location, undefined);
    });
  },
  { reset: 'each' },
);

/** The quick start works as README shows it (markdown.test.ts checks that README shows it as it is). */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { getRequestListener } from '@hono/node-server';
import { inject } from 'light-my-request';
import { app } from '../../examples/quickstart.ts';

const PROBLEM = 'application/problem+json; charset=utf-8';

after(() => app.close());

test('quick start: POST creates a category, GET reads it back', async () => {
  const created = await app.inject({ method: 'POST', url: '/categories', payload: { name: 'General' } });
  assert.equal(created.statusCode, 201);
  const { id } = created.json() as { id: number };
  assert.deepEqual(created.json(), { id, name: 'General' });

  const one = await app.inject({ method: 'GET', url: `/categories/${id}` });
  assert.equal(one.statusCode, 200);
  assert.deepEqual(one.json(), { id, name: 'General' });

  const list = await app.inject({ method: 'GET', url: '/categories' });
  assert.equal(list.statusCode, 200);
  assert.deepEqual(list.json(), { page: 1, per_page: 20, count: 1, data: [{ id, name: 'General' }] });
});

test('quick start: /docs serves the OpenAPI document of the five routes', async () => {
  const document = (await app.inject('/docs/json')).json() as { paths: Record<string, object> };
  assert.deepEqual(Object.keys(document.paths).sort(), ['/categories', '/categories/{category_id}']);
  assert.equal((await app.inject('/docs')).statusCode, 200);
});

test('quick start: a missing field is a 422 problem, a malformed URL a 400 one', async () => {
  const res = await app.inject({ method: 'POST', url: '/categories', payload: {} });
  assert.equal(res.statusCode, 422);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const malformed = await app.inject({ method: 'GET', url: '/categories/%zz' });
  assert.deepEqual([malformed.statusCode, malformed.headers['content-type']], [400, PROBLEM]);
});

test('quick start on Hono and Express: the same routes, docs and problems', async () => {
  const { app: hono } = await import('../../examples/quickstart-hono.ts');
  const { app: express } = await import('../../examples/quickstart-express.ts');
  const inHono = (method: string, url: string, payload?: object) =>
    inject(getRequestListener(hono.fetch), { method: method as 'GET', url, ...(payload && { payload }) });
  const inExpress = (method: string, url: string, payload?: object) =>
    inject(express, { method: method as 'GET', url, ...(payload && { payload }) });
  for (const send of [inHono, inExpress]) {
    const created = await send('POST', '/categories', { name: 'Everywhere' });
    assert.equal(created.statusCode, 201);
    const { id } = created.json() as { id: number };
    assert.deepEqual((await send('GET', `/categories/${id}`)).json(), { id, name: 'Everywhere' });
    const document = (await send('GET', '/docs/json')).json() as { paths: Record<string, object> };
    assert.deepEqual(Object.keys(document.paths).sort(), ['/categories', '/categories/{category_id}']);
    assert.equal((await send('GET', '/docs')).statusCode, 200);
    const missing = await send('POST', '/categories', {});
    assert.deepEqual([missing.statusCode, missing.headers['content-type']], [422, PROBLEM]);
    assert.equal((await send('GET', '/nope')).statusCode, 404);
  }
});

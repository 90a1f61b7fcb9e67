/** The quick start works as README shows it (markdown.test.ts checks that README shows it as it is). */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { app } from '../../examples/quickstart.ts';

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

test('quick start: a missing field is a 422 problem', async () => {
  const res = await app.inject({ method: 'POST', url: '/categories', payload: {} });
  assert.equal(res.statusCode, 422);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
});

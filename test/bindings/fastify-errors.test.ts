import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import { CRUDCollection } from 'ormcrud';
import { toFastify } from 'ormcrud/fastify';
import { z } from 'zod';
import { type DrizzleForumHarness, drizzleTargets } from '../fixtures/drizzle/target.ts';
import { call } from '../support/forum-suite.ts';

describe('the Fastify binding: validation messages', () => {
  let h: DrizzleForumHarness;
  before(async () => {
    h = await (drizzleTargets()[0] as NonNullable<ReturnType<typeof drizzleTargets>[0]>).open();
    await h.reset();
  });
  after(() => h.close());

  test('formats and long patterns read as words, short patterns as themselves', async () => {
    const tags = new CRUDCollection({ ormAdapter: h.adapters.tag });
    const query = z.object({
      day: z.iso.date().optional(),
      at: z.iso.datetime({ offset: true }).optional(),
      id: z.uuid().optional(),
      code: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
      long: z
        .string()
        .regex(new RegExp(`^(?:${'a|'.repeat(60)}b)$`))
        .optional(),
    });
    tags.extra.collection.get('/check', { schema: { query } }, () => ({ ok: true }));
    const app = Fastify();
    await app.register(toFastify(tags.getRouter({ prefix: '/tags' })));
    const res = await call(app, 'GET', '/tags/check?day=31-01-2024&at=noon&id=42&code=abc&long=c');
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.errors, [
      { path: 'query.day', message: 'must be a date such as 2024-01-31' },
      { path: 'query.at', message: 'must be a date-time such as 2024-01-31T09:30:00Z' },
      { path: 'query.id', message: 'must be a UUID such as 0b5e4a6c-8f7d-4e2a-9c1b-3d5f7a9b1c2d' },
      { path: 'query.code', message: 'must match the pattern ^[A-Z]{3}$' },
      { path: 'query.long', message: 'is not in the expected format' },
    ]);
    const ok = await call(app, 'GET', `/tags/check?day=2024-01-31&id=${crypto.randomUUID()}&code=ABC&long=b`);
    assert.equal(ok.status, 200);
    await app.close();
  });
});

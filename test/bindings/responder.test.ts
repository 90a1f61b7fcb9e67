/**
 * The responders of `ormcrud/binding-kit`, as a binding for another framework
 * uses them: each reply is its own plain data, which the binding and its
 * server may change.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type RequestParts, routeEntries, routeResponder } from 'ormcrud/binding-kit';
import { type BindingForum, openBindingForum } from '../support/binding-forum.ts';

let forum: BindingForum;
before(async () => {
  forum = await openBindingForum();
});
after(() => forum.harness.close());

/** A GET of `url` as a binding hands it over. */
const get = (url: string, params: Record<string, string>): RequestParts<undefined> => ({
  method: 'GET',
  url,
  headers: {},
  params,
  raw: undefined,
  feed: async () => {},
});

test("a server that writes into one reply's headers leaves the route's next reply alone", async () => {
  const [router] = forum.routers();
  const entry = routeEntries(router!).find((e) => e.route.name === 'getOne');
  assert.ok(entry, 'the get route of tags');
  const respond = routeResponder(entry.route);
  const first = await respond(get('/tags/1', { tag_id: '1' }));
  // As `@hono/node-server` 2.1.0 and 2.1.1 did: its length written into the headers it was given.
  (first.headers as Record<string, string>)['content-length'] = String(Buffer.byteLength(first.body ?? ''));
  const second = await respond(get('/tags/2', { tag_id: '2' }));
  assert.equal(second.status, 200);
  assert.equal(second.headers['content-length'], undefined);
  assert.equal(second.headers['content-type'], first.headers['content-type']);
});

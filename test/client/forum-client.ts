/**
 * A client of the forum typed from nothing but its OpenAPI document:
 * `openapi-typescript` writes `generated/forum-api.ts` from it and
 * `openapi-fetch` makes the calls. test/examples/openapi-client.test.ts
 * generates the types, typechecks this file under `tsc --strict`, and runs it
 * against the demo. The `@ts-expect-error` lines prove the types are tight:
 * tsc fails if the document lets any of them through.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/forum-api.ts';

type Category = components['schemas']['Category'];
type Problem = components['schemas']['Problem'];
type Client = ReturnType<typeof createClient<paths>>;

/** What one run saw, for the test to check. */
export interface ForumClientRun {
  readonly names: string[];
  readonly includedThreads: string[];
  readonly filtered: number;
  readonly created: Category;
  readonly location: string | null;
  readonly createdThread: string;
  readonly patched: null;
  readonly renamed: string;
  readonly deletedThread: string;
  readonly deleted: string;
  readonly missing: Problem;
  readonly me: string;
  readonly myPosts: number;
  readonly anonymous: { readonly status: number; readonly challenge: string | null; readonly problem: Problem };
}

/** Throws the problem of a failed call; otherwise its data, typed by the document. */
function ok<T>(result: { data?: T; error?: Problem | unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/**
 * Lists with filters, sort, page and include, creates, patches, deletes,
 * and calls `/users/me` with and without the bearer token.
 *
 * @example
 * ```ts
 * const run = await runForumClient('http://127.0.0.1:3000');
 * ```
 */
export async function runForumClient(baseUrl: string): Promise<ForumClientRun> {
  // Anyone reads; user 1 administers the demo, so it writes.
  const client: Client = createClient<paths>({ baseUrl });
  const admin: Client = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer user-1' } });

  const page = ok(
    await client.GET('/categories', {
      params: { query: { sort: ['name:desc'], page: 1, per_page: 2, include: ['threads'] } },
    }),
  );
  const names: string[] = page.data.map((category) => category.name);
  const includedThreads: string[] = page.data.flatMap((category) => (category.threads ?? []).map((t) => t.title));
  const filtered = ok(await client.GET('/categories', { params: { query: { name: 'Help' } } })).count;

  const createdResult = await admin.POST('/categories', { body: { name: 'From the client' } });
  const created: Category = ok(createdResult);
  const location = createdResult.response.headers.get('location');
  const category_id = created.id;
  const thread = ok(
    await admin.POST('/categories/{category_id}/threads', {
      params: { path: { category_id } },
      body: { title: 'Typed end to end' },
    }),
  );

  const patched: null = ok(
    await admin.PATCH('/categories/{category_id}', { params: { path: { category_id } }, body: { name: 'Renamed' } }),
  );
  const renamed = ok(await client.GET('/categories/{category_id}', { params: { path: { category_id } } })).name;

  const path = { category_id, thread_id: thread.id };
  const deletedThread = ok(await admin.DELETE('/categories/{category_id}/threads/{thread_id}', { params: { path } }));
  const deleted = ok(await admin.DELETE('/categories/{category_id}', { params: { path: { category_id } } }));
  const gone = await client.GET('/categories/{category_id}', { params: { path: { category_id } } });
  if (gone.error === undefined) throw new Error('a deleted category is still there');
  const missing: Problem = gone.error;

  const me = ok(await admin.GET('/users/me'));
  const myPosts = ok(await admin.GET('/users/me/posts', { params: { query: { per_page: 5 } } }));
  const anonymous = await client.GET('/users/me');
  if (anonymous.error === undefined) throw new Error('/users/me answered without a token');

  return {
    names,
    includedThreads,
    filtered,
    created,
    location,
    createdThread: thread.title,
    patched,
    renamed,
    deletedThread: deletedThread.title,
    deleted: deleted.name,
    missing,
    me: me.username,
    myPosts: myPosts.count,
    anonymous: {
      status: anonymous.response.status,
      challenge: anonymous.response.headers.get('www-authenticate'),
      problem: anonymous.error,
    },
  };
}

/** Calls the document must refuse; never run, only typechecked. */
export function refusedByTheTypes(client: Client, category: Category): void {
  // @ts-expect-error only `field`, `field:asc` and `field:desc` of a real field sort
  void client.GET('/categories', { params: { query: { sort: ['nope'] } } });
  // @ts-expect-error only existing relations are included
  void client.GET('/categories', { params: { query: { include: ['posts'] } } });
  // @ts-expect-error a model without relations takes no include at all
  void client.GET('/tags', { params: { query: { include: ['threads'] } } });
  // @ts-expect-error a create body has no key: the database makes it
  const id: CreateBody<'/categories'>['id'] = 1;
  // @ts-expect-error a nested create takes its parent from the path, not the body
  const parent: CreateBody<'/categories/{category_id}/threads'>['category_id'] = 2;
  // @ts-expect-error the body is typed: a title is a string
  void client.POST('/categories/{category_id}/threads', { params: { path: { category_id: 1 } }, body: { title: 3 } });
  // @ts-expect-error the path parameter is required
  void client.GET('/categories/{category_id}', {});
  // A relation key is always there (null unless included): the type says it is required.
  const required: {} extends Pick<Category, 'threads'> ? false : true = true;
  // @ts-expect-error and it is null, not undefined, when absent
  const absent: undefined = category.threads;
  void [id, parent, required, absent];
}

/** The JSON body of a path's POST. */
type CreateBody<P extends keyof paths> = paths[P] extends {
  post: { requestBody: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ERROR_STATUS,
  HttpError,
  NotFoundError,
  PagePaginator,
  ParentNotFoundError,
  type ParentRef,
  toJsonSchema,
  toProblem,
} from 'ormcrud';
import { z } from 'zod';
import { parseSort } from '../../src/core/dependencies/default-resolvers.ts';
import {
  parentExistsValues,
  parentScopeValues,
  planParentExists,
  planParentScope,
} from '../../src/engine/parent-plan.ts';

describe('errors', () => {
  test('one table from code to status; numeric statuses map back to codes', () => {
    assert.equal(new HttpError('conflict').status, ERROR_STATUS.conflict);
    assert.equal(new HttpError(401, 'login required').code, 'unauthorized');
    assert.deepEqual([new NotFoundError().status, new NotFoundError().detail], [404, 'Not found']);
    const parent = new ParentNotFoundError();
    assert.ok(parent instanceof NotFoundError);
    assert.deepEqual([parent.status, parent.detail, parent.code], [404, 'Parent not found', 'parent_not_found']);
  });

  test("a status the table lacks keeps its number, its phrase and its family's code; a non-error status throws", () => {
    const teapot = toProblem(new HttpError(418));
    assert.deepEqual(
      [teapot.status, teapot.code, teapot.title, teapot.detail],
      [418, 'bad_request', "I'm a Teapot", "I'm a Teapot"],
    );
    const gone = toProblem(new HttpError(410, 'moved away'));
    assert.deepEqual([gone.status, gone.code, gone.title, gone.detail], [410, 'bad_request', 'Gone', 'moved away']);
    assert.equal(toProblem(new HttpError(502)).title, 'Bad Gateway');
    // An unregistered status is its class's x00 to a client: that title.
    const custom = toProblem(new HttpError(499));
    assert.deepEqual([custom.status, custom.code, custom.title], [499, 'bad_request', 'Bad Request']);
    assert.deepEqual([new HttpError(599).status, new HttpError(599).code], [599, 'internal']);
    for (const status of [200, 302, 399, 600, 404.5]) assert.throws(() => new HttpError(status), RangeError);
    assert.throws(() => new HttpError('nope' as 'conflict'), RangeError);
  });

  test('unknown errors become an opaque 500 problem', () => {
    const problem = toProblem(new Error('syntax error at or near "SELECT"'));
    assert.deepEqual(problem, {
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Internal server error',
      code: 'internal',
    });
  });
});

describe('toJsonSchema', () => {
  test('nullable fields become type arrays; requests are closed; each schema converts once per side', () => {
    const schema = z.object({ name: z.string(), note: z.string().nullable() });
    const input = toJsonSchema(schema, 'input');
    assert.deepEqual(input, {
      type: 'object',
      properties: { name: { type: 'string' }, note: { type: ['string', 'null'] } },
      required: ['name', 'note'],
      additionalProperties: false,
    });
    assert.equal(toJsonSchema(schema, 'input'), input);
    assert.notEqual(toJsonSchema(schema, 'output'), input);
  });
});

describe('PagePaginator', () => {
  const source = (rows: number[]) => {
    const calls = { count: 0 };
    return {
      calls,
      fetch: async (limit: number, offset: number) => rows.slice(offset, offset + limit),
      count: async () => {
        calls.count++;
        return rows.length;
      },
    };
  };

  test('offset and limit from page and per_page', () => {
    assert.deepEqual(new PagePaginator().setPage(3).setPerPage(10).calcOffsetLimit(), { offset: 20, limit: 10 });
  });

  test('a short page is counted without a count query; a full or empty later page asks', async () => {
    const rows = [1, 2, 3, 4, 5];
    const short = source(rows);
    assert.deepEqual(await new PagePaginator().setPerPage(10).paginate(short), {
      page: 1,
      per_page: 10,
      count: 5,
      data: rows,
    });
    assert.equal(short.calls.count, 0);
    const full = source(rows);
    assert.equal((await new PagePaginator().setPerPage(5).paginate(full)).count, 5);
    assert.equal(full.calls.count, 1);
    const beyond = source(rows);
    assert.equal((await new PagePaginator().setPage(4).setPerPage(2).paginate(beyond)).count, 5);
    assert.equal(beyond.calls.count, 1);
  });

  test('complete runs on the fetched rows, while the count runs', async () => {
    const order: string[] = [];
    const source = {
      fetch: async () => [1, 2],
      count: async () => {
        order.push('count start');
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('count end');
        return 9;
      },
      complete: async (rows: number[]) => {
        order.push(`complete ${rows.length}`);
      },
    };
    assert.equal((await new PagePaginator().setPerPage(2).paginate(source)).count, 9);
    assert.deepEqual(order, ['count start', 'complete 2', 'count end']);
  });

  test('bounds are paginator settings', () => {
    class Big extends PagePaginator {
      static override maxPerPage = 1000;
    }
    assert.equal(Big.querySchema().safeParse({ per_page: 1000 }).success, true);
    assert.equal(PagePaginator.querySchema().safeParse({ per_page: 101 }).success, false);
    assert.deepEqual(PagePaginator.querySchema().parse({}), { page: 1, per_page: 20 });
  });
});

describe('sorting', () => {
  test('ascending by default, first mention wins, primary key breaks ties', () => {
    assert.deepEqual(parseSort(['name', 'id:desc', 'name:desc'], ['id']), [
      { field: 'name', direction: 'asc' },
      { field: 'id', direction: 'desc' },
    ]);
    assert.deepEqual(parseSort(undefined, ['a', 'b']), [
      { field: 'a', direction: 'asc' },
      { field: 'b', direction: 'asc' },
    ]);
  });
});

describe('parent scope plan', () => {
  const ref = (
    model: string,
    pkValues: Record<string, unknown>,
    childFields: string[],
    parentFields: string[],
    childHoldsKey: boolean,
  ): ParentRef => ({ model, pkValues, link: { childFields, parentFields, childHoldsKey } });
  const thread = ref('thread', { id: 7 }, ['thread_id'], ['id'], true);
  const category = ref('category', { id: 3 }, ['category_id'], ['id'], true);

  test('a direct key is an equality; further ancestors an uncorrelated EXISTS', () => {
    assert.deepEqual(planParentScope([thread, category]), [
      { kind: 'equals', fields: ['thread_id'] },
      { kind: 'exists', model: 'thread', where: [{ kind: 'equals', fields: ['category_id'] }] },
    ]);
  });

  test('the reverse direction correlates the EXISTS with the outer row', () => {
    const post = ref('post', { id: 3 }, ['id'], ['thread_id'], false);
    assert.deepEqual(planParentScope([post]), [
      { kind: 'exists', model: 'post', correlate: { outer: ['id'], inner: ['thread_id'] }, where: [] },
    ]);
    assert.deepEqual(planParentExists([post]), { kind: 'exists', model: 'post', where: [] });
  });

  test('the values of a plan, in the order a depth-first translation binds them', () => {
    const primaryKeyOf = (model: unknown) => (model === 'translation' ? ['post_id', 'language'] : ['id']);
    const reverse = ref('post', { id: 9 }, ['id'], ['thread_id'], false);
    const key = ['post_id', 'language'];
    const translation = ref('translation', { post_id: 9, language: 'en' }, key, key, true);
    // Per level: an equality's key values, then (below the top) the parent's own key for its EXISTS.
    const scopes: [ParentRef[], unknown[]][] = [
      [[], ['own']],
      [[thread], ['own', 7]],
      [
        [thread, category],
        ['own', 7, 7, 3],
      ],
      [[reverse], ['own', 9]],
      [
        [reverse, thread],
        ['own', 9, 7],
      ],
      [
        [translation, reverse, thread],
        ['own', 9, 'en', 9, 'en', 9, 7],
      ],
    ];
    for (const [parents, values] of scopes) assert.deepEqual(parentScopeValues(parents, primaryKeyOf, ['own']), values);
    // The parent's own key first, then its ancestors' scope.
    assert.deepEqual(parentExistsValues([thread, category], primaryKeyOf), [7, 3]);
    assert.deepEqual(parentExistsValues([translation, reverse, thread], primaryKeyOf), [9, 'en', 9, 7]);
    assert.deepEqual(parentExistsValues([], primaryKeyOf), []);
  });
});

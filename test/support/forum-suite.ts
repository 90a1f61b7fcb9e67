/**
 * Runs a block of scenarios once per ORM × database over the forum app, so
 * each scenario is written once for every adapter.
 */
import { after, before, beforeEach, describe } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createForumApp } from '../../examples/forum/app.ts';
import type { ForumAdapterOptions, ForumHarness, ForumTarget } from './forum-target.ts';
import { forumTargets } from './targets.ts';

/** A parsed response. */
export interface Reply {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  readonly body: any;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** An HTTP call through `inject`, with a JSON body parsed when there is one. */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as string }) });
  const type = String(res.headers['content-type'] ?? '');
  const body = res.body && type.includes('json') ? JSON.parse(res.body) : res.body;
  return { status: res.statusCode, headers: res.headers, body };
}

export interface ForumSuite {
  readonly target: ForumTarget;
  readonly harness: ForumHarness;
  readonly app: FastifyInstance;
  call(method: Method, url: string, payload?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** Rows of a table matching `where`, through raw SQL. */
  rows(table: string, where?: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

/** How {@link describeForum} runs its block. */
export interface DescribeForumOptions {
  /** `'each'` reseeds before every test (for suites that write); `'once'` seeds only at the start. */
  reset?: 'each' | 'once';
  app?: (harness: ForumHarness) => Promise<FastifyInstance>;
  /** `'servers'` skips SQLite: PostgreSQL and MariaDB only (those in the environment). */
  databases?: 'all' | 'servers';
  /** Options for every adapter. */
  adapters?: ForumAdapterOptions;
}

/** `describe` once per target. */
export function describeForum(
  name: string,
  body: (suite: ForumSuite) => void,
  options: DescribeForumOptions = {},
): void {
  for (const target of forumTargets()) {
    if (options.databases === 'servers' && target.dialect === 'sqlite') continue;
    describe(`${name} [${target.name}]`, () => {
      const state: { harness?: ForumHarness; app?: FastifyInstance } = {};
      const suite: ForumSuite = {
        target,
        get harness() {
          return state.harness as ForumHarness;
        },
        get app() {
          return state.app as FastifyInstance;
        },
        call: (method, url, payload, headers) => call(suite.app, method, url, payload, headers),
        async rows(table, where = {}) {
          const keys = Object.keys(where);
          const clause = keys.length ? ` WHERE ${keys.map((k) => `"${k}" = ?`).join(' AND ')}` : '';
          return suite.harness.sql(`SELECT * FROM "${table}"${clause}`, Object.values(where));
        },
      };
      before(async () => {
        state.harness = await target.open(options.adapters);
        await state.harness.reset();
        state.app = await (options.app ?? ((h) => createForumApp(h.adapters)))(state.harness);
        await state.app.ready();
      });
      if (options.reset === 'each') beforeEach(() => suite.harness.reset());
      after(async () => {
        await state.app?.close();
        await state.harness?.close();
      });
      body(suite);
    });
  }
}

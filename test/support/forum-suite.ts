/**
 * Runs a block of scenarios once per framework × ORM × database over the
 * forum app, so each scenario is written once for every binding and adapter.
 */
import { after, before, beforeEach, describe } from 'node:test';
import type { InjectOptions, Response } from 'light-my-request';
import type { ForumAdapterOptions, ForumHarness, ForumTarget } from './forum-target.ts';
import { type Framework, forumTestApp, type TestApp, testFrameworks } from './framework-apps.ts';
import { forumTargets } from './targets.ts';

/** Anything `inject` reaches: a Fastify app, or a {@link TestApp}. */
export interface Injectable {
  inject(options: InjectOptions): PromiseLike<Response>;
}

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
  app: Injectable,
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
  readonly framework: Framework;
  readonly target: ForumTarget;
  readonly harness: ForumHarness;
  readonly app: TestApp;
  call(method: Method, url: string, payload?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** Rows of a table matching `where`, through raw SQL. */
  rows(table: string, where?: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

/** How {@link describeForum} runs its block. */
export interface DescribeForumOptions {
  /** `'each'` reseeds before every test (for suites that write); `'once'` seeds only at the start. */
  reset?: 'each' | 'once';
  app?: (harness: ForumHarness, framework: Framework) => Promise<TestApp>;
  /** The frameworks to run through (default every one of `testFrameworks()`). */
  frameworks?: readonly Framework[];
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
  const frameworks = testFrameworks().filter((f) => !options.frameworks || options.frameworks.includes(f));
  for (const framework of frameworks) {
    for (const target of forumTargets()) {
      if (options.databases === 'servers' && target.dialect === 'sqlite') continue;
      describeTarget(name, body, options, framework, target);
    }
  }
}

function describeTarget(
  name: string,
  body: (suite: ForumSuite) => void,
  options: DescribeForumOptions,
  framework: Framework,
  target: ForumTarget,
): void {
  // Fastify's runs keep their names; the other frameworks' say which they are.
  const label = framework === 'fastify' ? target.name : `${framework} ${target.name}`;
  describe(`${name} [${label}]`, () => {
    const state: { harness?: ForumHarness; app?: TestApp } = {};
    const suite: ForumSuite = {
      framework,
      target,
      get harness() {
        return state.harness as ForumHarness;
      },
      get app() {
        return state.app as TestApp;
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
      state.app = await (options.app ?? ((h, f) => forumTestApp(f, h.adapters)))(state.harness, framework);
    });
    if (options.reset === 'each') beforeEach(() => suite.harness.reset());
    after(async () => {
      await state.app?.close();
      await state.harness?.close();
    });
    body(suite);
  });
}

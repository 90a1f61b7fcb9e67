/**
 * The frameworks the HTTP suites run through: an app of routers (or the
 * whole forum) on Fastify, Hono or Express, reached through `inject` (Fastify's
 * own; light-my-request for the Node listener of Hono, through
 * `@hono/node-server`, and of Express), so every suite speaks to each alike.
 */
import { getRequestListener } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { type InjectOptions, inject, type Response } from 'light-my-request';
import type { CrudRouter, LoggableError } from 'ormcrud';
import { notFoundHandler as expressNotFound, toExpress } from 'ormcrud/express';
import { toFastify } from 'ormcrud/fastify';
import { notFoundHandler as honoNotFound, toHono } from 'ormcrud/hono';
import { createForumApp, type ForumAdapters } from '../../examples/forum/app.ts';
import {
  createForumExpress,
  createForumHono,
  FORUM_FRAMEWORKS,
  type ForumFramework,
} from '../../examples/forum/frameworks.ts';

export type Framework = ForumFramework;

/** An app under test, whatever its framework. */
export interface TestApp {
  readonly framework: Framework;
  inject(options: InjectOptions): Promise<Response>;
  close(): Promise<void>;
}

/** Every framework, or those `TEST_FRAMEWORKS` (`hono,express`) names. */
export function testFrameworks(): Framework[] {
  const named = process.env.TEST_FRAMEWORKS?.split(',').map((name) => name.trim());
  return FORUM_FRAMEWORKS.filter((framework) => !named || named.includes(framework));
}

/** A Node request listener behind `inject`. */
function listenerApp(framework: Framework, listener: Parameters<typeof inject>[0]): TestApp {
  return { framework, inject: (options) => inject(listener, options), close: async () => {} };
}

/** The forum on `framework`. */
export async function forumTestApp(framework: Framework, adapters: ForumAdapters): Promise<TestApp> {
  if (framework === 'hono') return listenerApp(framework, getRequestListener(createForumHono(adapters).fetch));
  if (framework === 'express') return listenerApp(framework, createForumExpress(adapters));
  const app = await createForumApp(adapters);
  await app.ready();
  return { framework, inject: (options) => app.inject(options), close: () => app.close() };
}

/** Options of {@link routersApp}. */
export interface RoutersAppOptions {
  /** Receives each error that is no `HttpError`, as the binding logs it. */
  readonly log?: (error: LoggableError) => void;
  /** The largest body taken, in bytes (default 1 MiB). */
  readonly bodyLimit?: number;
}

/** `routers` on `framework`, with 404 problems for other paths. */
export async function routersApp(
  framework: Framework,
  routers: readonly CrudRouter[],
  options: RoutersAppOptions = {},
): Promise<TestApp> {
  if (framework === 'hono') {
    const app = new Hono();
    for (const router of routers) app.route('/', toHono(router, options));
    app.notFound(honoNotFound());
    return listenerApp(framework, getRequestListener(app.fetch));
  }
  if (framework === 'express') {
    const app = express();
    for (const router of routers) app.use(toExpress(router, options));
    app.use(expressNotFound());
    return listenerApp(framework, app);
  }
  const stream = { write: (line: string) => logged(line, options.log) };
  const app = Fastify({
    ...(options.log && { logger: { level: 'error', stream } }),
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
  });
  for (const router of routers) await app.register(toFastify(router));
  await app.ready();
  return { framework, inject: (injected) => app.inject(injected), close: () => app.close() };
}

/** Hands a Fastify log line's error to `log`. */
function logged(line: string, log: RoutersAppOptions['log']): void {
  const { err } = JSON.parse(line) as { err?: LoggableError };
  if (err && log) log(err);
}

/**
 * The forum demo: the forum API on an embedded SQLite file, with interactive
 * OpenAPI docs at `/docs`.
 *
 * ```sh
 * npm run demo                      # http://127.0.0.1:3000/docs
 * PORT=8080 npm run demo            # another port
 * FORUM_ORM=typeorm npm run demo    # the ORM behind the adapters: drizzle (default), typeorm or sequelize
 * FORUM_FRAMEWORK=hono npm run demo # the web framework: fastify (default), hono or express
 * ```
 *
 * The file (`examples/forum/forum.db` unless `FORUM_DB` says otherwise) is
 * created and seeded on the first run only; delete it to start over.
 */
import { existsSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createClient, type InValue } from '@libsql/client';
import { requestErrorHandler } from 'ormcrud/hono';
import { clientErrorHandler } from 'ormcrud/node';
import { createForumApp, type ForumAdapters } from './app.ts';
import { createForumExpress, createForumHono, type ForumFramework } from './frameworks.ts';
import { forumDdl, forumSeedSql } from './sql.ts';

/** What an ORM module of the demo hands back for the SQLite file: the forum's adapters. */
export interface ForumConnection {
  readonly adapters: ForumAdapters;
  close(): Promise<void>;
}

/** The ORMs the demo can run on. */
export type ForumOrm = 'drizzle' | 'typeorm' | 'sequelize';

export interface DemoOptions {
  /** TCP port; `0` picks a free one. Default `PORT` or 3000. */
  readonly port?: number;
  /** Default `HOST` or `127.0.0.1`. */
  readonly host?: string;
  /** The SQLite file. Default `FORUM_DB` or `examples/forum/forum.db`. */
  readonly file?: string;
  /** Default `FORUM_ORM` or `drizzle`. */
  readonly orm?: ForumOrm;
  /** Default `FORUM_FRAMEWORK` or `fastify`. */
  readonly framework?: ForumFramework;
  /** Fastify's request log. Default off. */
  readonly logger?: boolean;
  /** How long `close()` lets requests in flight finish before cutting their connections. Default 10 000 ms. */
  readonly drainMs?: number;
}

export interface Demo {
  readonly framework: ForumFramework;
  /** The listening Node server. */
  readonly server: Server;
  /** The base URL the app listens on, e.g. `http://127.0.0.1:3000`. */
  readonly url: string;
  /** The SQLite file in use. */
  readonly file: string;
  /** Whether this run created and seeded the file. */
  readonly seeded: boolean;
  /** Refuses new connections, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** The default database file, next to this module. */
export const DEFAULT_FILE = fileURLToPath(new URL('./forum.db', import.meta.url));

/**
 * Creates the forum's tables and seed rows in a new SQLite `file`, in one
 * transaction. Returns `false` (and touches nothing) when the file exists.
 */
export async function createForumFile(file: string): Promise<boolean> {
  if (existsSync(file)) return false;
  const client = createClient({ url: pathToFileURL(file).href });
  try {
    await client.batch(
      [...forumDdl('sqlite'), ...forumSeedSql('sqlite').map(({ sql, params }) => ({ sql, args: params as InValue[] }))],
      'write',
    );
  } catch (error) {
    client.close();
    rmSync(file, { force: true });
    throw error;
  }
  client.close();
  return true;
}

/** A listening server of the forum, and how to stop it taking connections. */
interface Listening {
  readonly server: Server;
  /** Stops listening; resolves once every connection has ended. */
  close(): Promise<void>;
}

/** The forum on `framework`, listening; every framework's server answers what Node refuses with problems. */
async function listen(
  framework: ForumFramework,
  adapters: ForumAdapters,
  options: { port: number; host: string; logger: boolean },
): Promise<Listening> {
  if (framework === 'fastify') {
    const app = await createForumApp(adapters, { logger: options.logger });
    await app.listen({ port: options.port, host: options.host }).catch(async (error) => {
      await app.close();
      throw error;
    });
    return { server: app.server, close: () => app.close() };
  }
  const listener =
    framework === 'hono'
      ? getRequestListener(createForumHono(adapters).fetch, { errorHandler: requestErrorHandler() })
      : createForumExpress(adapters);
  const server = createServer(listener).on('clientError', clientErrorHandler);
  await new Promise<void>((resolve, reject) =>
    server.once('error', reject).listen(options.port, options.host, resolve),
  );
  const close = () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  return { server, close };
}

/**
 * Closes gracefully: no new connections; requests in flight finish, each
 * connection closed as soon as it falls idle (a keep-alive client would
 * otherwise hold the shutdown open); after `drainMs` the rest are cut.
 */
async function drain({ server, close }: Listening, drainMs: number): Promise<void> {
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => server.closeAllConnections(), drainMs);
  try {
    await close();
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}

/** The switch point between ORMs: each module opens the same SQLite file its own way. */
async function connect(orm: ForumOrm, file: string): Promise<ForumConnection> {
  switch (orm) {
    case 'drizzle':
      return (await import('./drizzle.ts')).openForum(file);
    case 'typeorm':
      return (await import('./typeorm.ts')).openForum(file);
    case 'sequelize':
      return (await import('./sequelize.ts')).openForum(file);
    default:
      throw new Error(`FORUM_ORM must be "drizzle", "typeorm" or "sequelize", not ${JSON.stringify(orm)}`);
  }
}

/**
 * Boots the demo: creates and seeds the file if it is new, opens it with the
 * chosen ORM, builds the forum app and listens.
 *
 * @example
 * ```ts
 * const demo = await startDemo({ port: 0, file: '/tmp/forum.db' });
 * await fetch(`${demo.url}/categories`);
 * await demo.close();
 * ```
 */
export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const env = process.env;
  const file = options.file ?? env.FORUM_DB ?? DEFAULT_FILE;
  const orm = options.orm ?? ((env.FORUM_ORM ?? 'drizzle') as ForumOrm);
  const seeded = await createForumFile(file);
  const connection = await connect(orm, file);
  const host = options.host ?? env.HOST ?? '127.0.0.1';
  const framework = options.framework ?? ((env.FORUM_FRAMEWORK ?? 'fastify') as ForumFramework);
  if (!['fastify', 'hono', 'express'].includes(framework)) {
    await connection.close();
    throw new Error(`FORUM_FRAMEWORK must be "fastify", "hono" or "express", not ${JSON.stringify(framework)}`);
  }
  const port = options.port ?? Number(env.PORT ?? 3000);
  const listening = await listen(framework, connection.adapters, { port, host, logger: options.logger ?? false }).catch(
    async (error) => {
      await connection.close();
      throw error;
    },
  );
  const { server } = listening;
  const address = server.address();
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${typeof address === 'object' && address ? address.port : port}`;
  const close = async () => {
    // The database closes once every connection has ended.
    await drain(listening, options.drainMs ?? 10_000);
    await connection.close();
  };
  return { framework, server, url, file, seeded, close };
}

if (import.meta.filename === process.argv[1]) {
  const demo = await startDemo();
  const { url } = demo;
  console.log(`ormcrud forum demo (${demo.framework}, ${process.env.FORUM_ORM ?? 'drizzle'}, SQLite)`);
  console.log(`  API docs:  ${url}/docs`);
  console.log(`  Try:       curl '${url}/categories?include=threads'`);
  console.log(`             curl -H 'Authorization: Bearer user-1' ${url}/users/me/posts`);
  console.log(`  Database:  ${demo.file}${demo.seeded ? ' (new, seeded)' : ' (existing; delete it to start over)'}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`${signal}: finishing the requests in flight, then closing the database`);
      demo.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

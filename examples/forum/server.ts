/**
 * The forum demo: the forum API on an embedded SQLite file, with interactive
 * OpenAPI docs at `/docs`.
 *
 * ```sh
 * npm run demo                      # http://127.0.0.1:3000/docs
 * PORT=8080 npm run demo            # another port
 * FORUM_ORM=typeorm npm run demo    # the ORM behind the adapters: drizzle (default), typeorm or sequelize
 * ```
 *
 * The file (`examples/forum/forum.db` unless `FORUM_DB` says otherwise) is
 * created and seeded on the first run only; delete it to start over.
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient, type InValue } from '@libsql/client';
import type { FastifyInstance } from 'fastify';
import { createForumApp, type ForumAdapters } from './app.ts';
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
  /** Fastify's request log. Default off. */
  readonly logger?: boolean;
  /** How long `close()` lets requests in flight finish before cutting their connections. Default 10 000 ms. */
  readonly drainMs?: number;
}

export interface Demo {
  readonly app: FastifyInstance;
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

/**
 * Closes `app` gracefully: no new connections; requests in flight finish, each
 * connection closed as soon as it falls idle (a keep-alive client would
 * otherwise hold the shutdown open); after `drainMs` the rest are cut. The
 * app's `onClose` hooks (the database) run once every connection has ended.
 */
async function drain(app: FastifyInstance, drainMs: number): Promise<void> {
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  const cut = setTimeout(() => app.server.closeAllConnections(), drainMs);
  try {
    await app.close();
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
  const app = await createForumApp(connection.adapters, { logger: options.logger ?? false }).catch(async (error) => {
    await connection.close();
    throw error;
  });
  app.addHook('onClose', () => connection.close());
  try {
    await app.listen({ port: options.port ?? Number(env.PORT ?? 3000), host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { app, url, file, seeded, close: () => drain(app, options.drainMs ?? 10_000) };
}

if (import.meta.filename === process.argv[1]) {
  const demo = await startDemo();
  const { url } = demo;
  console.log(`ormcrud forum demo (${process.env.FORUM_ORM ?? 'drizzle'}, SQLite)`);
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

/**
 * `toHono(router)`: a Hono app serving a collection's router. Each route is
 * registered natively; the core's responder validates, runs the handler and
 * serialises, so the binding only translates a Hono request and writes the
 * reply. Web-standard APIs, so it runs wherever Hono runs; under
 * @hono/node-server it reads Node's own request for headers and body.
 *
 * @module
 */
import type { Context, Handler } from 'hono';
import { Hono } from 'hono';
import { type CrudRouter, HttpError } from 'ormcrud';
import {
  backslashError,
  brokenOffBody,
  consoleErrorLog,
  feedNodeBody,
  type HttpReply,
  type JsonBodyReader,
  type NodeBody,
  notFoundResponder,
  originForm,
  problemReply,
  type RequestParts,
  type Responder,
  type ResponderOptions,
  routeEntries,
  routeResponder,
} from 'ormcrud/binding-kit';

/** Options of {@link toHono} and {@link notFoundHandler}. */
export interface ToHonoOptions extends ResponderOptions {}

/**
 * Feeds a request's body to the core's reader: whole when its length is
 * declared (the reader refused a declared length past the limit already),
 * else chunk by chunk, stopping at the first refusal.
 */
async function feed(request: Request, declared: boolean, reader: JsonBodyReader): Promise<void> {
  const brokenOff = (error: unknown) => Promise.reject(brokenOffBody(error));
  if (declared) return reader.push(new Uint8Array(await request.arrayBuffer().catch(brokenOff)));
  if (!request.body) return;
  const stream = request.body.getReader();
  const read = () => stream.read().catch(brokenOff);
  try {
    for (let chunk = await read(); !chunk.done; chunk = await read()) reader.push(chunk.value);
  } catch (error) {
    stream.cancel().catch(() => {});
    throw error;
  }
}

/** Node's request, where @hono/node-server passes it. */
interface NodeIncoming extends NodeBody {
  readonly headers: RequestParts<Context>['headers'];
}

const incomingOf = (c: Context) => (c.env as { incoming?: NodeIncoming } | undefined)?.incoming;

/** A Hono request as the core's responder reads it; headers are looked up only when asked for. */
class HonoParts implements RequestParts<Context> {
  readonly method: string;
  readonly url: string;
  readonly params: Record<string, string>;
  readonly raw: Context;
  #headers: RequestParts<Context>['headers'] | undefined;

  constructor(c: Context) {
    this.raw = c;
    this.method = c.req.raw.method;
    this.url = originForm(c.req.raw.url);
    this.params = c.req.param() as Record<string, string>;
  }

  get headers(): RequestParts<Context>['headers'] {
    // Node's parsed headers where there are some (no web `Headers` built), else Hono's.
    this.#headers ??= incomingOf(this.raw)?.headers ?? this.raw.req.header();
    return this.#headers;
  }

  /** On Node, the socket's chunks as they come; elsewhere through the web `Request`. */
  async feed(reader: JsonBodyReader): Promise<void> {
    // A middleware read the body first (`c.req.json()`): Hono keeps what it read.
    if (Object.keys(this.raw.req.bodyCache).length > 0)
      return reader.push(new Uint8Array(await this.raw.req.arrayBuffer()));
    const incoming = incomingOf(this.raw);
    if (incoming) return feedNodeBody(incoming, reader);
    return feed(this.raw.req.raw, this.headers['content-length'] !== undefined, reader);
  }
}

/** A core reply as a web `Response`. */
export function responseOf({ status, headers, body }: HttpReply): Response {
  return new Response(body ?? null, { status, headers });
}

/** A Hono handler answering through `respond`. A HEAD (Hono serves it with the GET route) keeps its length. */
function handlerOf(respond: Responder<Context>): Handler {
  return async (c) => {
    const reply = await respond(new HonoParts(c));
    const { status, headers, body } = reply;
    if (c.req.method !== 'HEAD' || body === undefined) return responseOf(reply);
    const length = String(new TextEncoder().encode(body).byteLength);
    return new Response(null, { status, headers: { ...headers, 'content-length': length } });
  };
}

/**
 * A Hono app serving `router`, mounted with `app.route('/', toHono(router))`.
 * Every error of its routes is `application/problem+json`; a collection root
 * answers with and without a trailing slash; HEAD, OPTIONS and 405 with
 * `Allow` come from the route table. Hono matches the first route registered,
 * so mount a router with static paths (`/users/me`) before one with a
 * parameter in the same place (`/users/{user_id}`). Add
 * `app.notFound(notFoundHandler())` for 404 problems on other paths.
 *
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { notFoundHandler, toHono } from 'ormcrud/hono';
 * const app = new Hono();
 * app.route('/', toHono(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
 * app.notFound(notFoundHandler());
 * ```
 */
export function toHono(router: CrudRouter, options: ToHonoOptions = {}): Hono {
  const app = new Hono();
  const entries = routeEntries(router).map((entry) => ({
    ...entry,
    handler: handlerOf(routeResponder(entry.route, options)),
  }));
  // Hono routes a HEAD as a GET: where a path has its own HEAD route, its GET route hands a HEAD on to it.
  const heads = new Map<string, Handler>();
  for (const { methods, paths, handler } of entries)
    if (methods.includes('HEAD') && !methods.includes('GET')) for (const path of paths) heads.set(path, handler);
  for (const { methods, paths, handler } of entries) {
    for (const path of paths) {
      const head = methods.includes('GET') ? heads.get(path) : undefined;
      app.on(methods, path, head ? (c, next) => (c.req.method === 'HEAD' ? head : handler)(c, next) : handler);
    }
  }
  return app;
}

/**
 * Hono's not-found handler answering with problems: 404, or 400 for a
 * malformed URL, or the 413 or 422 of a JSON body.
 *
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * const app = new Hono();
 * app.route('/', toHono(router));
 * app.notFound(notFoundHandler());
 * ```
 */
export function notFoundHandler(options: ToHonoOptions = {}): (c: Context) => Promise<Response> {
  return handlerOf(notFoundResponder<Context>(options)) as (c: Context) => Promise<Response>;
}

/**
 * `@hono/node-server`'s `errorHandler`: a request it cannot make a web
 * `Request` of (a backslash in the path, an invalid `Host`) is a 400 problem,
 * where that server would send a bare 400; any other error a 500 problem.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { getRequestListener } from '@hono/node-server';
 * import { Hono } from 'hono';
 * const app = new Hono().route('/', toHono(router));
 * const server = createServer(getRequestListener(app.fetch, { errorHandler: requestErrorHandler() }));
 * ```
 */
export function requestErrorHandler(options: ToHonoOptions = {}): (error: unknown) => Response {
  const log = options.log ?? consoleErrorLog;
  return (error) => {
    const refused = error instanceof Error && error.name === 'RequestError';
    return responseOf(problemReply(refused ? requestError(error) : error, log));
  };
}

/**
 * The 400 of a request `@hono/node-server` refused, with its message; a backslash in the path (its message,
 * or its cause's for an absolute-form target) with the other bindings' detail.
 */
function requestError(error: Error): HttpError {
  const cause = error.cause instanceof Error ? error.cause.message : '';
  if (/backslash/i.test(`${error.message} ${cause}`)) return backslashError();
  return new HttpError('bad_request', error.message);
}

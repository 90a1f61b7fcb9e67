/**
 * `toExpress(router)`: an Express 5 router serving a collection's router.
 * Each route is registered natively; the core's responder reads the JSON
 * body, validates, runs the handler and serialises, so the binding only
 * translates an Express request and writes the reply.
 *
 * @module
 */
import { type Request, type RequestHandler, Router } from 'express';
import type { CrudRouter } from 'ormcrud';
import {
  feedNodeBody,
  notFoundResponder,
  originForm,
  type RequestParts,
  type Responder,
  type ResponderOptions,
  routeEntries,
  routeResponder,
} from 'ormcrud/binding-kit';
import { problemErrorHandler } from './errors.ts';
import { parsedBodyText } from './parsed-body.ts';
import { write } from './reply.ts';

/** Options of {@link toExpress} and {@link notFoundHandler}. */
export interface ToExpressOptions extends ResponderOptions {}

type Method = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete' | 'options';

function partsOf(req: Request): RequestParts<Request> {
  const params = req.params as Record<string, string>;
  // A body an app-wide `express.json()` parsed first (and decoded, if gzip) is fed again as JSON, so the
  // core's rules still apply (bytes that were not UTF-8 it has already replaced).
  const parsed = req.readableEnded && req.body !== undefined;
  return {
    method: req.method,
    url: originForm(req.originalUrl),
    headers: parsed ? { ...req.headers, 'content-length': undefined, 'content-encoding': undefined } : req.headers,
    params,
    raw: req,
    feed: parsed
      ? async (reader) => reader.push(Buffer.from(parsedBodyText(req.body)))
      : (reader) => feedNodeBody(req, reader),
  };
}

function handlerOf(respond: Responder<Request>): RequestHandler {
  return (req, res, next) => {
    respond(partsOf(req)).then((reply) => write(req, res, reply), next);
  };
}

/**
 * An Express 5 router serving `router`, mounted with `app.use(toExpress(router))`.
 * It parses its own JSON bodies (no `express.json()` needed): every error of
 * its routes, a malformed or too large body included, is
 * `application/problem+json`; a collection root answers with and without a
 * trailing slash; HEAD, OPTIONS and 405 with `Allow` come from the route
 * table. Express matches the first route registered, so mount a router with
 * static paths (`/users/me`) before one with a parameter in the same place.
 * Add `app.use(notFoundHandler())` after the routers for 404 problems.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { notFoundHandler, toExpress } from 'ormcrud/express';
 * const app = express();
 * app.use(toExpress(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
 * app.use(notFoundHandler());
 * ```
 */
export function toExpress(router: CrudRouter, options: ToExpressOptions = {}): Router {
  const express = Router({ strict: true, caseSensitive: true });
  for (const { route, methods, paths } of routeEntries(router)) {
    const handler = handlerOf(routeResponder<Request>(route, options));
    for (const path of paths) {
      const registered = express.route(path);
      for (const method of methods) registered[method.toLowerCase() as Method](handler);
    }
  }
  express.use(problemErrorHandler(options));
  return express;
}

/**
 * Express middleware answering every request that reaches it with a problem:
 * 404, or 400 for a malformed URL, or the 413 or 422 of a JSON body. Mount it
 * after the routers.
 *
 * @example
 * ```ts
 * import express from 'express';
 * const app = express();
 * app.use(toExpress(router));
 * app.use(notFoundHandler());
 * ```
 */
export function notFoundHandler(options: ToExpressOptions = {}): RequestHandler {
  return handlerOf(notFoundResponder<Request>(options));
}

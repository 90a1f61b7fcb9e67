/**
 * `ormcrud/binding-kit`: what a framework binding is made of. A binding
 * registers each of a router's {@link routeEntries} natively (its methods at
 * its paths), hands each request over as {@link RequestParts}, and writes the
 * {@link HttpReply} its {@link routeResponder} returns; the core does the
 * rest (URL checks, the JSON body, validation, the handler, serialisation,
 * every error as a problem). A framework that validates by schema (Fastify)
 * takes the compiled validators and serializers and the body rules instead.
 * Importing it loads no Node module (Swagger UI's files are read through
 * `node:fs` only when one is asked for); Node-only helpers are in `ormcrud/node`.
 *
 * @example
 * ```ts
 * import { createServer, type IncomingMessage } from 'node:http';
 * import {
 *   feedNodeBody,
 *   type JsonBodyReader,
 *   notFoundResponder,
 *   type Responder,
 *   routeEntries,
 *   routeResponder,
 * } from 'ormcrud/binding-kit';
 *
 * // Serves the paths without parameters; a real binding hands its framework's `:param` routes over.
 * const routes = new Map<string, Responder<IncomingMessage>>();
 * for (const { route, methods, paths } of routeEntries(router)) {
 *   const respond = routeResponder<IncomingMessage>(route);
 *   for (const method of methods) for (const path of paths) routes.set(`${method} ${path}`, respond);
 * }
 * const notFound = notFoundResponder<IncomingMessage>();
 * createServer(async (req, res) => {
 *   const method = req.method ?? 'GET';
 *   const url = req.url ?? '/';
 *   const respond = routes.get(`${method} ${url.split('?')[0]}`) ?? notFound;
 *   const feed = (reader: JsonBodyReader) => feedNodeBody(req, reader);
 *   const reply = await respond({ method, url, headers: req.headers, params: {}, raw: req, feed });
 *   res.writeHead(reply.status, reply.headers).end(reply.body);
 * });
 * ```
 *
 * @module
 */

// A Node request's body fed to the reader, and the docs every framework serves alike.
export { docsPrefix } from './bindings/node/docs-prefix.ts';
export { type DocsFile, type DocsSite, docsSite, documentFiles } from './bindings/node/docs-site.ts';
export { brokenOffBody, feedNodeBody, type NodeBody } from './bindings/node/request-body.ts';
// The body rules: which requests carry JSON, and JSON read from bytes with the body limit.
export {
  type BodyHeaders,
  contentCodingError,
  jsonCharsetError,
  readsBodyOf,
  readsJsonBody,
} from './core/http/body-media.ts';
export { type InputSource, type ValidationIssue, validationError } from './core/http/field-errors.ts';
export { JsonBodyReader, parseJsonBody } from './core/http/json-body.ts';
// Requests no route serves, and the request target as every binding reads it.
export {
  backslashError,
  malformedQuery,
  malformedUrl,
  malformedUrlError,
  notFoundError,
  originForm,
  paramTooLongError,
} from './core/http/outside-routes.ts';
export { queryOf } from './core/http/query-string.ts';
// Replies: plain data each binding writes, and every error as a problem.
export { consoleErrorLog, type ErrorLog, type HttpReply, problemReply } from './core/http/reply.ts';
// The whole pipeline of a route, for a framework that does not validate by schema.
export {
  notFoundResponder,
  type RequestParts,
  type Responder,
  type ResponderOptions,
  routeResponder,
} from './core/http/responder.ts';
export { type RouteEntry, routeEntries } from './core/http/route-plan.ts';
export { statusError } from './core/http/status-error.ts';
// For a framework that validates and serialises by JSON Schema itself.
export { compileSerializer, compileValidator, type InputKind } from './core/http/validators.ts';

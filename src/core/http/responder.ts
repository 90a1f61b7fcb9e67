/**
 * The whole request pipeline of a route, for bindings whose framework does
 * not validate by schema: URL checks, the JSON body, validation (path, body,
 * query, as Fastify orders them), the handler, its headers, and the response
 * serialised from the route's schema. Everything that can be done once is
 * done when the responder is made.
 *
 * @module
 */

import type { ValidateFunction } from 'ajv';
import type { CrudRoute } from '../routing/router.ts';
import { readsJsonBody } from './body-media.ts';
import { type InputSource, validationError } from './field-errors.ts';
import { DEFAULT_BODY_LIMIT, JsonBodyReader } from './json-body.ts';
import { malformedUrl, notFoundError, paramTooLong } from './outside-routes.ts';
import { ParsedRequest } from './parsed-request.ts';
import { queryOf } from './query-string.ts';
import { consoleErrorLog, type ErrorLog, type HttpReply, JSON_TYPE, problemReply } from './reply.ts';
import { compileSerializer, compileValidator } from './validators.ts';

/** A request as a binding hands it over. */
export interface RequestParts<Raw> {
  readonly method: string;
  /** The path and query string as received. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The route's path parameters, decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The framework's request object, as `CrudRequest.raw`. */
  readonly raw: Raw;
  /** Feeds the body's chunks to `reader`; resolves at the body's end. */
  feed(reader: JsonBodyReader): Promise<void>;
}

/** Options of a binding's responders. */
export interface ResponderOptions {
  /** The largest JSON body taken, in bytes (default 1 MiB); past it, a 413. */
  readonly bodyLimit?: number;
  /** Where errors that are no `HttpError` are logged (redacted); default the console. */
  readonly log?: ErrorLog;
}

/** Answers one request. */
export type Responder<Raw> = (parts: RequestParts<Raw>) => Promise<HttpReply>;

const TEXT_TYPE = 'text/plain; charset=utf-8';

/** The methods whose body a path no route serves still reads (as Fastify parses it before its 404). */
const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY']);

/**
 * The responder of `route`: compiles its schemas now, then answers each
 * request with a plain {@link HttpReply}, errors as problems.
 *
 * @example
 * ```ts
 * const respond = routeResponder(router.routes[0] as CrudRoute);
 * ```
 */
export function routeResponder<Raw>(route: CrudRoute, options: ResponderOptions = {}): Responder<Raw> {
  const { json } = route.schemas;
  const params = json.params && compileValidator(json.params, 'strings');
  const query = json.query && compileValidator(json.query, 'strings');
  const body = json.body && compileValidator(json.body, 'json');
  const serialize = json.response ? compileSerializer(json.response) : JSON.stringify;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const log = options.log ?? consoleErrorLog;
  const { status, handle, headers } = route;
  // A 204 or 304 has no body, whatever the handler returns.
  const bodyless = status === 204 || status === 304;
  return async (parts) => {
    try {
      const early = malformedUrl(parts.url) ?? paramTooLong(parts.params);
      if (early) throw early;
      const req = new ParsedRequest(parts);
      const data = readsJsonBody(parts.method, parts.headers) ? await readBody(parts, limit) : undefined;
      req.params = validated(params, { ...parts.params }, 'path');
      req.body = body ? validatedBody(body, data) : data;
      req.query = validated(query, queryOf(parts.url), 'query');
      const result = await handle(req);
      const extra = headers?.of(req, result);
      if (result === undefined || bodyless) return { status, headers: extra ?? {}, body: undefined };
      if (typeof result === 'string' && !json.response)
        return { status, headers: { ...extra, 'content-type': TEXT_TYPE }, body: result };
      // Each reply owns its headers: a server may write into them (its Content-Length, say).
      const own = extra ? { ...extra, 'content-type': JSON_TYPE } : { 'content-type': JSON_TYPE };
      return { status, headers: own, body: serialize(result) as string };
    } catch (error) {
      return problemReply(error, log);
    }
  };
}

/**
 * The responder for a path no route serves: a 400 for a malformed URL, the
 * body's 413 or 422 (as a route would), else a 404.
 *
 * @example
 * ```ts
 * const notFound = notFoundResponder();
 * ```
 */
export function notFoundResponder<Raw>(options: ResponderOptions = {}): Responder<Raw> {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return async (parts) => {
    try {
      const early = malformedUrl(parts.url);
      if (early) throw early;
      if (BODY_METHODS.has(parts.method) && readsJsonBody(parts.method, parts.headers, true))
        await readBody(parts, limit);
      throw notFoundError();
    } catch (error) {
      return problemReply(error, options.log);
    }
  };
}

/** The body as JSON (a request {@link readsJsonBody} says has one). */
async function readBody<Raw>(parts: RequestParts<Raw>, limit: number): Promise<unknown> {
  const reader = new JsonBodyReader(limit, parts.headers['content-length']);
  await parts.feed(reader);
  return reader.finish();
}

function validated(
  validate: ValidateFunction | undefined,
  data: Record<string, unknown>,
  source: InputSource,
): Record<string, unknown> {
  if (validate && !validate(data)) throw validationError(validate.errors ?? [], source);
  return data;
}

/** A missing body is validated as `null`; the holder lets Ajv replace the root value. */
function validatedBody(validate: ValidateFunction, data: unknown): unknown {
  const holder = { body: data === undefined ? null : data };
  const context = {
    instancePath: '',
    parentData: holder,
    parentDataProperty: 'body',
    rootData: holder,
    dynamicAnchors: {},
  };
  if (!validate(holder.body, context)) throw validationError(validate.errors ?? [], 'body');
  return holder.body;
}

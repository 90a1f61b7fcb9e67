/**
 * Problem responses for requests that never reach a route: an unknown path
 * (the not-found handler `toFastify` installs), and what Fastify refuses
 * before routing, which only its `frameworkErrors` server option reaches (a
 * malformed URL, a path segment past `maxParamLength`). What Node's HTTP
 * parser refuses is `clientErrorHandler`, from `ormcrud/node`.
 *
 * @module
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from 'ormcrud';
import { malformedUrl, notFoundError, originForm, paramTooLongError, problemReply } from 'ormcrud/binding-kit';
import { send } from './errors.ts';

/** Answers a request no route matches with a 404 problem, or a 400 when its target is no path (`*`). */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(reply, problemReply(malformedUrl(originForm(request.raw.url ?? '/')) ?? notFoundError()));
}

/**
 * What find-my-way refuses as a bad URL: a bad percent-escape, else a target it reads as no URL (`http:///x`,
 * or an absolute-form one with a fragment, which Hono and Express serve without it).
 */
function badUrl(request: FastifyRequest): HttpError {
  return (
    malformedUrl(originForm(request.raw.url ?? '/')) ??
    new HttpError('bad_request', 'The request target is no valid URL')
  );
}

const FRAMEWORK_ERRORS: Record<string, (request: FastifyRequest) => HttpError> = {
  FST_ERR_BAD_URL: badUrl,
  FST_ERR_MAX_PARAM_LENGTH: paramTooLongError,
};

/**
 * Fastify's `frameworkErrors` server option: the errors its router raises
 * before any route or hook (a malformed URL 400, a path parameter longer than
 * `maxParamLength` 414) as problem responses.
 *
 * @example
 * ```ts
 * import { clientErrorHandler, frameworkErrors } from 'ormcrud/fastify';
 * const app = Fastify({ frameworkErrors, clientErrorHandler });
 * ```
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known =
    error.code && Object.hasOwn(FRAMEWORK_ERRORS, error.code) ? FRAMEWORK_ERRORS[error.code]?.(request) : undefined;
  send(
    reply,
    problemReply(known ?? error, (err) => request.log.error({ err }, 'ormcrud: framework error')),
  );
}

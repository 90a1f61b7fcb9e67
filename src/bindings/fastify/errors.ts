/**
 * Turns every error of a route into the core's problem response: Fastify's
 * validation and body-parsing errors included, unknown errors as an opaque 500.
 *
 * @module
 */

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from 'ormcrud';
import {
  type HttpReply,
  type InputSource,
  notFoundError,
  problemReply,
  statusError,
  type ValidationIssue,
  validationError,
} from 'ormcrud/binding-kit';

/** What Fastify's own body handling raises (the binding's JSON parser raises `HttpError`s itself). */
const PARSE_ERRORS: Record<string, () => HttpError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new HttpError('payload_too_large', 'The body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new HttpError('unsupported_media_type', 'Send the body as application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new HttpError('bad_request', 'The content length does not match the body'),
};

const SOURCES: Record<string, InputSource> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

/** Maps a framework or library error to an `HttpError`; `undefined` for unexpected errors. */
export function toHttpError(error: FastifyError): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error.validation)
    return validationError(error.validation as ValidationIssue[], SOURCES[error.validationContext ?? 'body'] ?? 'body');
  // Only a QUERY raises it, before the 404 handler: no route of the table serves QUERY.
  if (error.code === 'FST_ERR_ROUTE_MISSING_CONTENT_TYPE') return notFoundError();
  const known = error.code ? PARSE_ERRORS[error.code]?.() : undefined;
  if (known) return known;
  return statusError(error);
}

/** Writes a core reply. */
export function send(reply: FastifyReply, { status, headers, body }: HttpReply): FastifyReply {
  return reply.code(status).headers(headers).send(body);
}

/** The plugin's error handler. */
export function problemHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Logged without values: a driver's error quotes the parameters it was sent.
  const log = (err: unknown) => request.log.error({ err }, 'ormcrud: unhandled error');
  return send(reply, problemReply(toHttpError(error) ?? error, log));
}

/**
 * Turns every error of a route into an RFC 9457 problem response: Fastify's
 * validation and body-parsing errors included, unknown errors as an opaque 500.
 *
 * @module
 */

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type FieldError, HttpError, toProblem } from 'ormcrud';

const PARSE_ERRORS: Record<string, [code: ConstructorParameters<typeof HttpError>[0], detail: string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['validation_failed', 'The body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['validation_failed', 'The body is empty; send a JSON object'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Send the body as application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'The content length does not match the body'],
};

const SOURCES: Record<string, string> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

interface AjvIssue {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** One error per failing field: the first Ajv reports (a nullable field fails its type, `null` and `anyOf`). */
function fieldErrors(error: FastifyError): FieldError[] {
  const source = SOURCES[error.validationContext ?? 'body'] ?? 'body';
  const byPath = new Map<string, string>();
  for (const issue of error.validation as AjvIssue[]) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    if (typeof issue.params.missingProperty === 'string') segments.push(issue.params.missingProperty);
    const path = [source, ...segments].join('.');
    const allowed = issue.params.allowedValues as unknown[] | undefined;
    if (!byPath.has(path))
      byPath.set(path, allowed ? `must be one of: ${allowed.join(', ')}` : (issue.message ?? 'is invalid'));
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}

/** Maps a framework or library error to an `HttpError`; `undefined` for unexpected errors. */
export function toHttpError(error: FastifyError): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error.validation) {
    const errors = fieldErrors(error);
    const detail = `Invalid ${errors.map((e) => e.path).join(', ')}`;
    return new HttpError('validation_failed', detail, { errors });
  }
  const known = error.code ? PARSE_ERRORS[error.code] : undefined;
  if (known) return new HttpError(known[0], known[1]);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new HttpError(status, error.message);
  return undefined;
}

/** The plugin's error handler. */
export function problemHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toHttpError(error);
  if (!known) request.log.error({ err: error }, 'ormcrud: unhandled error');
  const problem = toProblem(known ?? error);
  if (known?.headers) reply.headers(known.headers);
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

/**
 * Turns every error of a route into an RFC 9457 problem response: Fastify's
 * validation and body-parsing errors included, unknown errors as an opaque 500.
 *
 * @module
 */

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type FieldError, formatOfPattern, HttpError, loggableError, toProblem } from 'ormcrud';

const PARSE_ERRORS: Record<string, [code: ConstructorParameters<typeof HttpError>[0], detail: string, body?: string]> =
  {
    FST_ERR_CTP_INVALID_JSON_BODY: ['validation_failed', 'The body is not valid JSON', 'is not valid JSON'],
    FST_ERR_CTP_EMPTY_JSON_BODY: ['validation_failed', 'The body is empty', 'is empty; send a JSON value'],
    FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The body is too large'],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Send the body as application/json'],
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'The content length does not match the body'],
  };

const SOURCES: Record<string, string> = { querystring: 'query', params: 'path', body: 'body', headers: 'header' };

interface AjvIssue {
  instancePath: string;
  keyword?: string;
  message?: string;
  params: Record<string, unknown>;
  /** With Ajv's `verbose`: the schema holding the failing keyword. */
  parentSchema?: { format?: unknown };
}

/** What a client reads for a string format (instead of the regular expression behind it). */
const FORMATS: Record<string, string> = {
  'date-time': 'must be a date-time such as 2024-01-31T09:30:00Z',
  date: 'must be a date such as 2024-01-31',
  time: 'must be a time such as 09:30:00',
  uuid: 'must be a UUID such as 0b5e4a6c-8f7d-4e2a-9c1b-3d5f7a9b1c2d',
  email: 'must be an email address',
  uri: 'must be a URL',
  url: 'must be a URL',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
};

/** A longer pattern is an implementation detail, not a hint. */
const SHOWN_PATTERN = 64;

/** A human message for one Ajv issue: no schema or long regular expression in it. */
function messageOf(issue: AjvIssue): string {
  const pattern = issue.keyword === 'pattern' ? String(issue.params.pattern) : undefined;
  const format =
    issue.keyword === 'format'
      ? issue.params.format
      : pattern !== undefined
        ? (issue.parentSchema?.format ?? formatOfPattern(pattern))
        : undefined;
  if (typeof format === 'string') return FORMATS[format] ?? `must be a valid ${format}`;
  if (pattern !== undefined)
    return pattern.length <= SHOWN_PATTERN ? `must match the pattern ${pattern}` : 'is not in the expected format';
  const allowed = issue.params.allowedValues as unknown[] | undefined;
  if (allowed) return `must be one of: ${allowed.join(', ')}`;
  return issue.message ?? 'is invalid';
}

/** One error per failing field: the first Ajv reports (a nullable field fails its type, `null` and `anyOf`). */
function fieldErrors(error: FastifyError): FieldError[] {
  const source = SOURCES[error.validationContext ?? 'body'] ?? 'body';
  const byPath = new Map<string, string>();
  for (const issue of error.validation as AjvIssue[]) {
    const segments = issue.instancePath.split('/').filter(Boolean);
    if (typeof issue.params.missingProperty === 'string') segments.push(issue.params.missingProperty);
    const path = [source, ...segments].join('.');
    if (!byPath.has(path)) byPath.set(path, messageOf(issue));
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
  if (known) {
    const [code, detail, body] = known;
    return new HttpError(code, detail, body ? { errors: [{ path: 'body', message: body }] } : {});
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new HttpError(status, error.message);
  return undefined;
}

/** The plugin's error handler. */
export function problemHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toHttpError(error);
  // Logged without values: a driver's error quotes the parameters it was sent.
  if (!known) request.log.error({ err: loggableError(error) }, 'ormcrud: unhandled error');
  const problem = toProblem(known ?? error);
  if (known?.headers) reply.headers(known.headers);
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

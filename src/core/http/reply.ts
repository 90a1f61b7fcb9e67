/**
 * A response as plain data, `{ status, headers, body }`, which each binding
 * writes in its framework's way; and the one rendering of every error as an
 * RFC 9457 `application/problem+json` response.
 *
 * @module
 */
import { HttpError, toProblem } from '../errors.ts';
import { type LoggableError, loggableError } from '../safe-errors.ts';
import { toJsonSchema } from '../schemas/json-schema.ts';
import { problemSchema } from '../schemas/problem-schema.ts';
import { compileSerializer } from './validators.ts';

/** The content type of a JSON success. */
export const JSON_TYPE = 'application/json; charset=utf-8';
/** The content type of the docs' Swagger UI page. */
export const HTML_TYPE = 'text/html; charset=utf-8';
/** The content type of every error. */
export const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** A response to write: headers in lower case; `body` undefined for none. */
export interface HttpReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

/** Where a binding logs an error that is no `HttpError` (a bug, a database failure), values redacted. */
export type ErrorLog = (error: LoggableError) => void;

/**
 * Logs to the console: `ormcrud: unhandled error` and the redacted error.
 *
 * @example
 * ```ts
 * const log: ErrorLog = process.env.NODE_ENV === 'test' ? () => {} : consoleErrorLog;
 * ```
 */
export const consoleErrorLog: ErrorLog = (error) => console.error('ormcrud: unhandled error', error);

let serializeProblem: ((data: unknown) => string) | undefined;

/**
 * The problem response for any thrown value: an `HttpError` with its status
 * and headers (`Allow`, `WWW-Authenticate`, `Retry-After`); anything else an
 * opaque 500, logged through `log` without the values a client sent.
 *
 * @example
 * ```ts
 * const reply = problemReply(new HttpError('not_found', 'No route matches this method and path'));
 * reply.status; // 404
 * ```
 */
export function problemReply(error: unknown, log: ErrorLog = consoleErrorLog): HttpReply {
  const known = error instanceof HttpError ? error : undefined;
  if (!known) log(loggableError(error));
  serializeProblem ??= compileSerializer(toJsonSchema(problemSchema, 'output'));
  const problem = toProblem(known ?? error);
  const headers = { ...known?.headers, 'content-type': PROBLEM_TYPE };
  return { status: problem.status, headers, body: serializeProblem(problem) };
}

/**
 * An app's own error carrying an HTTP status, as `http-errors` makes them
 * (Express's body parsers, `@fastify/sensible`), as a problem.
 *
 * @module
 */
import { HttpError } from '../errors.ts';

/** What such an error may carry: `expose` says whether its message is meant for the client. */
interface StatusErrorLike {
  readonly status?: unknown;
  readonly statusCode?: unknown;
  readonly expose?: unknown;
  readonly message?: unknown;
}

const errorStatus = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 400;

/**
 * The problem of an error with a 4xx `status` (or `statusCode`): its message as detail only when it
 * says `expose: true`, else its status's title, as Express's final handler answers it; `undefined` for
 * any other error (5xx included), which stays a logged 500.
 *
 * @example
 * ```ts
 * statusError(Object.assign(new Error('token abc expired'), { status: 401 }))?.detail; // 'Unauthorized'
 * statusError(Object.assign(new Error('too many parameters'), { status: 413, expose: true }))?.detail;
 * ```
 */
export function statusError(error: unknown): HttpError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode, expose, message } = error as StatusErrorLike;
  const code = errorStatus(status) && status < 600 ? status : statusCode;
  if (!errorStatus(code) || code >= 500) return undefined;
  return new HttpError(code, expose === true && typeof message === 'string' && message !== '' ? message : undefined);
}

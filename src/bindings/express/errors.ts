/**
 * Errors reaching an Express error middleware as the core's problems: the
 * body parser's in front of the routers (`express.json()`), a malformed URL,
 * an app's 4xx, and anything else as a logged 500.
 *
 * @module
 */
import type { ErrorRequestHandler, Request, Response } from 'express';
import { HttpError, loggableError } from 'ormcrud';
import {
  consoleErrorLog,
  contentCodingError,
  jsonCharsetError,
  malformedUrlError,
  parseJsonBody,
  problemReply,
  statusError,
} from 'ormcrud/binding-kit';
import { write } from './reply.ts';
import type { ToExpressOptions } from './router.ts';

/** What body-parser's errors carry: `type` names what failed, `body` the text that is no JSON. */
interface BodyParserError {
  readonly type?: unknown;
  readonly status?: unknown;
  readonly body?: unknown;
  readonly errno?: unknown;
}

/** A body `express.json()` could not parse: the core's 422 for the same text, saying where it breaks. */
function notJson(body: unknown): HttpError {
  try {
    // Valid JSON that strict mode refuses (a top-level string or number) parses here: the generic 422.
    parseJsonBody(Buffer.from(typeof body === 'string' ? body : ''));
  } catch (error) {
    if (error instanceof HttpError) return error;
  }
  return new HttpError('validation_failed', 'The body is not valid JSON', {
    errors: [{ path: 'body', message: 'is not a JSON object or array' }],
  });
}

/** body-parser's error types, as the problems the routers answer the same body with. */
const BODY_ERRORS: Record<string, (error: BodyParserError, req: Request) => HttpError> = {
  'entity.parse.failed': (error) => notJson(error.body),
  'entity.too.large': () => new HttpError('payload_too_large', 'The body is too large'),
  'encoding.unsupported': (_error, req) =>
    contentCodingError(req.headers['content-encoding']) ?? new HttpError('unsupported_media_type'),
  'charset.unsupported': (_error, req) =>
    jsonCharsetError(String(req.headers['content-type'])) ?? new HttpError('unsupported_media_type'),
  'request.size.invalid': () => new HttpError('bad_request', 'The content length does not match the body'),
  'request.aborted': () => new HttpError('bad_request', 'The body ended before its content length'),
};

/** An error as an `HttpError`, or as itself (a logged 500) when it is none of the known kinds. */
function toHttpError(error: unknown, req: Request): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof URIError) return malformedUrlError();
  if (typeof error !== 'object' || error === null) return error;
  const known = error as BodyParserError;
  if (typeof known.type === 'string' && Object.hasOwn(BODY_ERRORS, known.type))
    return BODY_ERRORS[known.type]?.(known, req);
  // A zlib stream's error (`errno`), raised while `express.json()` inflated the body: bytes that are no gzip.
  if (known.status === 400 && known.type === undefined && typeof known.errno === 'number')
    return new HttpError('bad_request', 'The body is not valid in its content coding');
  return statusError(error) ?? error;
}

/**
 * Express error middleware answering every error that reaches it with a
 * problem: those of a body parser in front of the routers (`express.json()`:
 * 413, 415, 422 for malformed JSON, as the routers say for the same body),
 * 400 for a malformed URL, an error's own 4xx `status` or `statusCode` (its
 * message as detail only with `expose: true`, as `http-errors` sets it), and a
 * logged 500 for anything else; an error after the response started is logged
 * and the response cut off. Mount it last, after {@link notFoundHandler}; the
 * routers answer their own errors.
 *
 * @example
 * ```ts
 * import express from 'express';
 * import { notFoundHandler, problemErrorHandler, toExpress } from 'ormcrud/express';
 * const app = express();
 * app.use(express.json());
 * app.use(toExpress(categories.getRouter({ prefix: '/categories' })));
 * app.use(notFoundHandler());
 * app.use(problemErrorHandler());
 * ```
 */
export function problemErrorHandler(options: ToExpressOptions = {}): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next) => {
    // A response under way cannot become a problem: logged (redacted), then what was written is flushed and
    // the connection closed, so the client sees the response end short.
    if (res.headersSent) {
      (options.log ?? consoleErrorLog)(loggableError(error));
      res.socket?.destroySoon();
      return;
    }
    write(req, res, problemReply(toHttpError(error, req), options.log));
  };
}

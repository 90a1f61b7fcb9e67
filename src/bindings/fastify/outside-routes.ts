/**
 * Problem responses for requests that never reach a route: an unknown path
 * (the not-found handler `toFastify` installs), and what Fastify and Node's
 * HTTP parser refuse before routing, which only server options can reach
 * (`frameworkErrors`: a malformed URL, a path segment past `maxParamLength`;
 * `clientErrorHandler`: a request line or headers past `maxHeaderSize`, a
 * request that timed out, bytes that are not HTTP).
 *
 * @module
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, loggableError, toProblem } from 'ormcrud';

const PROBLEM = 'application/problem+json';

function send(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply.code(error.status).type(PROBLEM).send(toProblem(error));
}

/** Answers a request no route matches with a 404 problem. */
export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(reply, new HttpError('not_found', 'No route matches this method and path'));
}

const FRAMEWORK_ERRORS: Record<string, () => HttpError> = {
  FST_ERR_BAD_URL: () => new HttpError('bad_request', 'The URL is malformed (an invalid percent-encoding)'),
  FST_ERR_MAX_PARAM_LENGTH: () => new HttpError('uri_too_long', 'A path segment of the URL is too long'),
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
  const known = error.code ? FRAMEWORK_ERRORS[error.code]?.() : undefined;
  if (!known) request.log.error({ err: loggableError(error) }, 'ormcrud: framework error');
  send(reply, known ?? new HttpError('internal', 'Internal server error'));
}

type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number };

/**
 * Whether the request line, rather than the header lines, filled the parser's
 * header limit: it never ended, or it is longer than the headers read after it.
 */
function requestLineOverflowed(error: ParserError): boolean {
  const packet = error.rawPacket?.subarray(0, error.bytesParsed ?? error.rawPacket.length).toString('latin1') ?? '';
  if (!/^[A-Z]+ /.test(packet)) return false;
  const end = packet.indexOf('\r\n');
  return end === -1 || end > packet.length - end;
}

/** The problem for an error Node's HTTP parser raises, by its code. */
function clientProblem(error: ParserError): HttpError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError('request_timeout', 'The request took too long to arrive');
    case 'HPE_HEADER_OVERFLOW':
      return requestLineOverflowed(error)
        ? new HttpError('uri_too_long', 'The URL is too long')
        : new HttpError('header_fields_too_large', 'The request headers are too large');
    default:
      return new HttpError('bad_request', 'The request is not valid HTTP');
  }
}

/**
 * Fastify's `clientErrorHandler` server option: what Node's HTTP parser
 * refuses before Fastify sees a request (a URL or headers past
 * `maxHeaderSize`: 414 or 431; a timeout: 408; anything else: 400) answered
 * as a problem, then the connection closed.
 *
 * @example
 * ```ts
 * const app = Fastify({ clientErrorHandler, frameworkErrors, maxParamLength: 200 });
 * ```
 */
export function clientErrorHandler(this: FastifyInstance | undefined, error: Error, socket: Socket): void {
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
  const problem = clientProblem(error as ParserError);
  this?.log?.trace({ err: loggableError(error) }, 'ormcrud: client error');
  if (socket.writable) {
    const body = JSON.stringify(toProblem(problem));
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: ${PROBLEM}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

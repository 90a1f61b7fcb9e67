/**
 * Problem responses for what Node's HTTP parser refuses before any framework
 * sees a request: a request line or headers past `maxHeaderSize` (414, 431),
 * a request that timed out (408), bytes that are not HTTP (400).
 *
 * @module
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, loggableError } from 'ormcrud';
import { problemReply } from 'ormcrud/binding-kit';

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

/** A logger such as Fastify's, when the handler is called on an app. */
interface MaybeLogged {
  readonly log?: { trace?(object: object, message: string): void };
}

/**
 * A `clientError` listener of a Node HTTP server (and Fastify's
 * `clientErrorHandler` server option): what Node's HTTP parser refuses (a URL
 * or headers past `maxHeaderSize`: 414 or 431; a timeout: 408; anything
 * else: 400) answered as a problem, then the connection closed.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { clientErrorHandler } from 'ormcrud/node';
 * const server = createServer((_req, res) => res.end('ok'));
 * server.on('clientError', clientErrorHandler);
 * ```
 */
export function clientErrorHandler(this: MaybeLogged | undefined, error: Error, socket: Socket): void {
  if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
  this?.log?.trace?.({ err: loggableError(error) }, 'ormcrud: client error');
  if (socket.writable) {
    const { status, headers, body = '' } = problemReply(clientProblem(error as ParserError));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${headers['content-type']}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

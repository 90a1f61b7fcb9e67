/**
 * A Node request's body fed to the core's JSON body reader, chunk by chunk
 * as the socket delivers them (no copy); for any binding that holds Node's
 * `IncomingMessage`. Only a type comes from `node:stream`: at run time the
 * feed calls nothing but the stream's event methods.
 *
 * @module
 */
import type { Readable } from 'node:stream';
import { HttpError } from '../../core/errors.ts';
import type { JsonBodyReader } from '../../core/http/index.ts';

/** The event methods of a Node readable that the feed uses, and whether it was read to its end already. */
export type NodeBody = Pick<Readable, 'on' | 'off' | 'readableEnded'>;

/**
 * The error of a body the client broke off (the connection closed before its end): a 400, the client's
 * doing, which no log records as a server fault.
 *
 * @example
 * ```ts
 * throw brokenOffBody(new Error('aborted')); // a 400, never logged as a server fault
 * ```
 */
export const brokenOffBody = (cause: unknown): HttpError =>
  new HttpError('bad_request', 'The body ended before it was whole', { cause });

/**
 * Feeds `body`'s chunks to `reader`; stops reading at its first refusal. A
 * body something else read first (a body parser in front) is an error, not a
 * wait for an end that has passed. A body the client broke off (the socket
 * closed before its end) is a 400, the client's fault, never logged.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(async (incoming, res) => {
 *   await feedNodeBody(incoming, reader);
 *   res.end(JSON.stringify(reader.finish()));
 * });
 * ```
 */
export function feedNodeBody(body: NodeBody, reader: JsonBodyReader): Promise<void> {
  if (body.readableEnded) return Promise.reject(new Error('The request body was read before ormcrud could read it'));
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      body.off('data', onData).off('end', done).off('error', broken);
      if (error) reject(error);
      else resolve();
    };
    const broken = (error: unknown) => done(brokenOffBody(error));
    const onData = (chunk: Uint8Array) => {
      try {
        reader.push(chunk);
      } catch (error) {
        done(error);
      }
    };
    body.on('data', onData).on('end', done).on('error', broken);
  });
}

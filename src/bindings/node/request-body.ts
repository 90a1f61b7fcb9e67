/**
 * A Node request's body fed to the core's JSON body reader, chunk by chunk
 * as the socket delivers them (no copy); for any binding that holds Node's
 * `IncomingMessage`. Only a type comes from `node:stream`: at run time the
 * feed calls nothing but the stream's event methods.
 *
 * @module
 */
import type { Readable } from 'node:stream';
import type { JsonBodyReader } from '../../core/http/index.ts';

/** The event methods of a Node readable that the feed uses. */
export type NodeBody = Pick<Readable, 'on' | 'off'>;

/**
 * Feeds `body`'s chunks to `reader`; stops reading at its first refusal.
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
  return new Promise((resolve, reject) => {
    const done = (error?: unknown) => {
      body.off('data', onData).off('end', done).off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Uint8Array) => {
      try {
        reader.push(chunk);
      } catch (error) {
        done(error);
      }
    };
    body.on('data', onData).on('end', done).on('error', done);
  });
}

/**
 * The binding's JSON body parser: the core's rules, so a refused body says
 * what is wrong (where the syntax breaks, or which key is refused) as every
 * binding does.
 *
 * @module
 */
import * as zlib from 'node:zlib';
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { contentCodingError, jsonCharsetError, parseJsonBody } from 'ormcrud/binding-kit';

/** Requests whose body a `preParsing` hook decoded before the routes' own (@fastify/compress's decoder). */
const decodedBodies = new WeakSet<FastifyRequest>();

/** Node's decompression streams (zstd's where Node has it): what @fastify/compress's decoder returns. */
const DECODERS = [
  zlib.Gunzip,
  zlib.Inflate,
  zlib.InflateRaw,
  zlib.Unzip,
  zlib.BrotliDecompress,
  (zlib as { ZstdDecompress?: typeof zlib.Gunzip }).ZstdDecompress,
].filter((decoder) => typeof decoder === 'function');

/**
 * A route's last `preParsing` hook: notes a body an earlier hook decoded. A
 * decoder hands on one of Node's decompression streams, as @fastify/compress
 * does; any other stream (a byte counter, even one that sets Fastify's
 * `receivedEncodedLength`) decodes nothing, and a content coding stays a 415.
 *
 * @example
 * ```ts
 * app.post('/tags', { preParsing: [noteDecodedBody] }, async (request) => request.body);
 * ```
 */
export const noteDecodedBody: preParsingHookHandler = (request, _reply, payload, done) => {
  // The request itself is what no earlier hook replaced (most requests): nothing to test.
  if (payload !== request.raw && DECODERS.some((decoder) => payload instanceof decoder)) decodedBodies.add(request);
  done(null, payload);
};

/**
 * A Fastify content-type parser for `application/json` (`parseAs: 'buffer'`).
 * A body in a content coding (`gzip`) is a 415, unless a hook decoded it.
 *
 * @example
 * ```ts
 * app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser);
 * ```
 */
export function jsonBodyParser(
  request: FastifyRequest,
  body: Buffer,
  done: (e: Error | null, v?: unknown) => void,
): void {
  let value: unknown;
  try {
    const refused =
      jsonCharsetError(String(request.headers['content-type'])) ??
      (decodedBodies.has(request) ? undefined : contentCodingError(request.headers['content-encoding']));
    if (refused) throw refused;
    // No bytes are no body, as the core reads them (a DELETE from a client that labels every request).
    value = body.byteLength === 0 ? undefined : parseJsonBody(body);
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, value);
}

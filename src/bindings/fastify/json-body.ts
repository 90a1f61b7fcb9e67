/**
 * The binding's JSON body parser: the core's rules, so a refused body says
 * what is wrong (where the syntax breaks, or which key is refused) as every
 * binding does.
 *
 * @module
 */
import type { FastifyRequest, preParsingHookHandler } from 'fastify';
import { contentCodingError, jsonCharsetError, parseJsonBody } from '../../core/http/index.ts';

/** Requests whose body a `preParsing` hook replaced before the routes' own (a decoder: @fastify/compress). */
const replacedBodies = new WeakSet<FastifyRequest>();

/**
 * A route's last `preParsing` hook: notes a body an earlier hook replaced,
 * whose content coding that hook applied already.
 *
 * @example
 * ```ts
 * app.post('/tags', { preParsing: [noteReplacedBody] }, async (request) => request.body);
 * ```
 */
export const noteReplacedBody: preParsingHookHandler = (request, _reply, payload, done) => {
  if (payload !== request.raw) replacedBodies.add(request);
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
      (replacedBodies.has(request) ? undefined : contentCodingError(request.headers['content-encoding']));
    if (refused) throw refused;
    value = parseJsonBody(body);
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, value);
}

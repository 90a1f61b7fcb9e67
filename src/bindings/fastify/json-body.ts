/**
 * The binding's JSON body parser: the core's rules, so a refused body says
 * what is wrong (where the syntax breaks, or which key is refused) as every
 * binding does.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { jsonCharsetError, parseJsonBody } from '../../core/http/index.ts';

/**
 * A Fastify content-type parser for `application/json` (`parseAs: 'buffer'`).
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
    const refused = jsonCharsetError(String(request.headers['content-type']));
    if (refused) throw refused;
    value = parseJsonBody(body);
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, value);
}

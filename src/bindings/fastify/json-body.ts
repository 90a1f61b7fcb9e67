/**
 * The binding's JSON body parser: the core's rules, so a refused body says
 * what is wrong (where the syntax breaks, or which key is refused) as every
 * binding does.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { parseJsonBody } from '../../core/http/index.ts';

/**
 * A Fastify content-type parser for `application/json` (`parseAs: 'string'`).
 *
 * @example
 * ```ts
 * app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser);
 * ```
 */
export function jsonBodyParser(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (e: Error | null, v?: unknown) => void,
): void {
  let value: unknown;
  try {
    value = parseJsonBody(typeof body === 'string' ? body : body.toString('utf8'));
  } catch (error) {
    done(error as Error);
    return;
  }
  done(null, value);
}

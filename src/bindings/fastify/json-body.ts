/**
 * The binding's JSON body parser. Fastify's own parser answers every refused
 * body with one "invalid JSON" error; this one says what is wrong: where the
 * syntax breaks, or that a `__proto__` key (or a `constructor` holding a
 * `prototype`) is refused because merging such an object can rewrite the
 * prototype of every object in the process.
 *
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { HttpError } from 'ormcrud';

const invalid = (detail: string, message: string) =>
  new HttpError('validation_failed', detail, { errors: [{ path: 'body', message }] });

/** The key a reviver refuses, or `undefined`. */
function pollutingKey(key: string, value: unknown): string | undefined {
  if (key === '__proto__') return 'must not contain a "__proto__" key (refused: it can rewrite object prototypes)';
  if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype'))
    return 'must not contain a "constructor" object with a "prototype" key (refused: it can rewrite object prototypes)';
  return undefined;
}

class Refused extends Error {}

/** Parses with a key check only when the text could hold such a key (as such or `\u`-escaped). */
function parse(text: string): unknown {
  if (!text.includes('__proto__') && !text.includes('constructor') && !text.includes('\\u')) return JSON.parse(text);
  return JSON.parse(text, (key, value) => {
    const refused = pollutingKey(key, value);
    if (refused) throw new Refused(refused);
    return value;
  });
}

/** Where `JSON.parse`'s message says the syntax breaks, without echoing the body. */
function position(error: unknown): string {
  const at = error instanceof Error ? /position (\d+)/.exec(error.message)?.[1] : undefined;
  return at === undefined ? '' : ` (at character ${at})`;
}

/**
 * A Fastify content-type parser for `application/json` (`parseAs: 'string'`).
 *
 * @example
 * ```ts
 * app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
 * ```
 */
export function parseJsonBody(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (e: Error | null, v?: unknown) => void,
): void {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim() === '') {
    done(invalid('The body is empty', 'is empty; send a JSON value'));
    return;
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    if (error instanceof Refused) done(invalid('The body holds a key that is refused', error.message));
    else done(invalid('The body is not valid JSON', `is not valid JSON${position(error)}`));
    return;
  }
  done(null, value);
}

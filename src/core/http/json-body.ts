/**
 * The JSON body every binding reads alike: the size limit (413), and a parse
 * that says what is wrong (422: where the syntax breaks, or that a `__proto__`
 * key, or a `constructor` holding a `prototype`, is refused because merging
 * such an object can rewrite the prototype of every object in the process).
 *
 * @module
 */
import { HttpError } from '../errors.ts';

/** The default body limit: 1 MiB, as Fastify's. */
export const DEFAULT_BODY_LIMIT = 1_048_576;

const invalid = (detail: string, message: string) =>
  new HttpError('validation_failed', detail, { errors: [{ path: 'body', message }] });

const tooLarge = () => new HttpError('payload_too_large', 'The body is too large');
/** Stateless between calls (no `stream` option), so one serves every request; JSON is UTF-8 or refused. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

/**
 * Collects a body's bytes up to a limit, then parses them as JSON. Bindings
 * feed it the chunks their runtime delivers.
 *
 * @example
 * ```ts
 * const reader = new JsonBodyReader(DEFAULT_BODY_LIMIT, undefined);
 * reader.push(new TextEncoder().encode('{"name":"General"}'));
 * reader.finish(); // { name: 'General' }
 * ```
 */
export class JsonBodyReader {
  readonly #limit: number;
  readonly #declared: number;
  readonly #chunks: Uint8Array[] = [];
  #length = 0;

  /** Throws a 413 when the declared `content-length` is past `limit`. */
  constructor(limit: number, contentLength: string | string[] | undefined) {
    this.#limit = limit;
    this.#declared = Number(contentLength ?? Number.NaN);
    if (this.#declared > limit) throw tooLarge();
  }

  /** Adds a chunk; throws a 413 once the body is past the limit. */
  push(chunk: Uint8Array): void {
    this.#length += chunk.byteLength;
    if (this.#length > this.#limit) throw tooLarge();
    this.#chunks.push(chunk);
  }

  /**
   * The parsed body; a 400 when fewer bytes came than announced, a 422 when it is no JSON. No bytes at all
   * are no body (`undefined`), labelled JSON or not: a client may label a DELETE that sends none.
   */
  finish(): unknown {
    if (!Number.isNaN(this.#declared) && this.#declared !== this.#length)
      throw new HttpError('bad_request', 'The content length does not match the body');
    if (this.#length === 0) return undefined;
    const bytes = this.#chunks.length === 1 ? (this.#chunks[0] as Uint8Array) : join(this.#chunks, this.#length);
    return parseJsonBody(bytes);
  }
}

function join(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** A UTF-16 surrogate without its pair: JSON can escape one (`"\ud800"`), UTF-8 cannot store it. */
const LONE_SURROGATE = /\p{Cs}/u;

const KEY = 'The body holds a key that is refused';

/** What a reviver refuses: the body's `detail` and the error's message. */
class Refused extends Error {
  constructor(
    readonly detail: string,
    message: string,
  ) {
    super(message);
  }
}

/** Refuses a key that can rewrite prototypes, and text no database can store. */
function revive(key: string, value: unknown): unknown {
  if (key === '__proto__')
    throw new Refused(KEY, 'must not contain a "__proto__" key (refused: it can rewrite object prototypes)');
  if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype'))
    throw new Refused(
      KEY,
      'must not contain a "constructor" object with a "prototype" key (refused: it can rewrite object prototypes)',
    );
  if (LONE_SURROGATE.test(key) || (typeof value === 'string' && LONE_SURROGATE.test(value)))
    throw new Refused(
      'The body holds text that is not Unicode',
      'must not contain an unpaired surrogate (\\ud800-\\udfff)',
    );
  return value;
}

/** Parses with the reviver's checks only when the text could need them (such a key, or a `\u` escape). */
function parse(text: string): unknown {
  if (!text.includes('__proto__') && !text.includes('constructor') && !text.includes('\\u')) return JSON.parse(text);
  return JSON.parse(text, revive);
}

/** Where `JSON.parse`'s message says the syntax breaks, without echoing the body. */
function position(error: unknown): string {
  const at = error instanceof Error ? /position (\d+)/.exec(error.message)?.[1] : undefined;
  return at === undefined ? '' : ` (at character ${at})`;
}

/**
 * A body's bytes as JSON, or a 422 saying what is wrong with it (never
 * echoing it): not UTF-8, empty, not JSON (and where), a refused key, or an
 * unpaired surrogate.
 *
 * @example
 * ```ts
 * parseJsonBody(new TextEncoder().encode('{"name":"General"}')); // { name: 'General' }
 * ```
 */
export function parseJsonBody(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalid('The body is not valid UTF-8', 'is not valid UTF-8; send JSON as UTF-8');
  }
  if (text.trim() === '') throw invalid('The body is empty', 'is empty; send a JSON value');
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof Refused) throw invalid(error.detail, error.message);
    throw invalid('The body is not valid JSON', `is not valid JSON${position(error)}`);
  }
}

/**
 * Which requests carry a JSON body, by their method and headers: any other
 * media type, JSON in another charset than UTF-8, and a body in a content
 * coding are a 415, alike on every binding.
 *
 * @module
 */
import { HttpError } from '../errors.ts';

/** `application/json`, any case, with or without parameters (`; charset=utf-8`). */
const JSON_MEDIA_TYPE = /^\s*application\/json\s*(?:;|$)/i;

/** The `charset` parameter of a content type, unquoted. */
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * The 415 of a JSON body declared in another charset than UTF-8 (JSON is UTF-8), or `undefined`.
 *
 * @example
 * ```ts
 * jsonCharsetError('application/json; charset=latin1')?.status; // 415
 * ```
 */
export function jsonCharsetError(contentType: string): HttpError | undefined {
  const charset = CHARSET.exec(contentType)?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return undefined;
  return new HttpError('unsupported_media_type', 'Send the body as UTF-8 JSON');
}

/** A content coding's name as the header gives it (an HTTP token), short enough to name in a detail. */
const CODING = /^[\w!#$%&'*+.^`|~-]{1,32}$/;

/**
 * The 415 of a body sent in a content coding (`Content-Encoding: gzip`, `br`,
 * any but `identity`), which no binding decodes, or `undefined`.
 *
 * @example
 * ```ts
 * contentCodingError('gzip')?.detail; // 'The body is in content coding gzip; send it without one'
 * contentCodingError('identity'); // undefined
 * ```
 */
export function contentCodingError(contentEncoding: string | string[] | undefined): HttpError | undefined {
  if (contentEncoding === undefined) return undefined;
  const codings = String(contentEncoding)
    .split(',')
    .map((coding) => coding.trim().toLowerCase());
  const coding = codings.find((name) => name !== '' && name !== 'identity');
  if (coding === undefined) return undefined;
  const named = CODING.test(coding) ? `content coding ${coding}` : 'a content coding';
  return new HttpError('unsupported_media_type', `The body is in ${named}; send it without one`);
}

/** Methods whose body is never read. */
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * Whether a request's body is read for `method`: any but GET, HEAD and TRACE
 * (a DELETE's too, whether or not its route takes one).
 *
 * @example
 * ```ts
 * readsBodyOf('DELETE'); // true
 * readsBodyOf('GET'); // false
 * ```
 */
export function readsBodyOf(method: string): boolean {
  return !BODYLESS.has(method);
}

/** The request headers that decide how a body is read. */
export type BodyHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Whether a request's body is read as JSON: `false` for GET and HEAD, and
 * for a request without a content type that announces no body. Any other
 * media type is a 415 (`lenient`: no body, as for a path no route serves),
 * and so is JSON in another charset than UTF-8 or in a content coding.
 *
 * @example
 * ```ts
 * readsJsonBody('POST', { 'content-type': 'application/json; charset=utf-8' }); // true
 * readsJsonBody('GET', { 'content-type': 'application/json' }); // false
 * ```
 */
export function readsJsonBody(method: string, headers: BodyHeaders, lenient = false): boolean {
  if (!readsBodyOf(method)) return false;
  const type = headers['content-type'];
  if (type === undefined) {
    const length = headers['content-length'];
    if (headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return false;
  } else if (JSON_MEDIA_TYPE.test(String(type))) {
    const refused = jsonCharsetError(String(type)) ?? contentCodingError(headers['content-encoding']);
    if (refused) throw refused;
    return true;
  }
  if (lenient) return false;
  throw new HttpError('unsupported_media_type', 'Send the body as application/json');
}

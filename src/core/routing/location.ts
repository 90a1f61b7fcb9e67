/**
 * The `Location` header of a 201: where the created row now lives.
 *
 * @module
 */
import type { Mount } from './mount.ts';
import type { ResponseHeaders } from './router.ts';

/** A literal piece of the id path, or the key field whose value fills a parameter. */
type Piece = { readonly text: string } | { readonly field: string };

/**
 * `Location` for rows created at a mount point: the request's path, then the
 * row's id path (`POST /categories/1/threads` → `/categories/1/threads/7`).
 * `undefined` when the id path names a parameter that is not a key field
 * (a custom `getIdPath`); then no header is sent.
 */
export function locationOf(mount: Mount): ResponseHeaders | undefined {
  const prefix = mount.place.path;
  const fields = new Map(mount.keyParams.map(({ field, param }) => [param, field]));
  const pieces: Piece[] = [];
  const parts = mount.itemPath.slice(prefix.length).split(/\{([^}]+)\}/);
  for (const [i, part] of parts.entries()) {
    const field = i % 2 === 1 ? fields.get(part) : undefined;
    if (i % 2 === 0 && part) pieces.push({ text: part });
    else if (i % 2 === 1 && field === undefined) return undefined;
    else if (field !== undefined) pieces.push({ field });
  }
  return { names: ['location'], of: (req, result) => locate(pieces, req.url, result) };
}

/** The request path without its query and trailing slash, then the row's id path; `undefined` without a key. */
function locate(pieces: readonly Piece[], url: string, result: unknown): { location: string } | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const row = result as Record<string, unknown>;
  const query = url.indexOf('?');
  let location = (query === -1 ? url : url.slice(0, query)).replace(/\/+$/, '');
  for (const piece of pieces) {
    if ('text' in piece) {
      location += piece.text;
      continue;
    }
    const value = row[piece.field];
    if (value === undefined || value === null) return undefined;
    location += encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));
  }
  return { location };
}

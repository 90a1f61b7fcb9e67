/**
 * How a collection's key fields are named as path parameters: `id` on
 * `article` is `{article_id}`; under an ancestor that already has that name,
 * the next free one (`{node_id_2}`).
 *
 * @module
 */

/**
 * The path parameter of a key field: `id` on `article` is `article_id`; a field with a `_` keeps its name.
 * Characters no framework reads in a parameter's name (`-`, `.`, spaces, `?`) become `_`.
 *
 * @example
 * ```ts
 * pkParamName('article', 'id'); // 'article_id'
 * pkParamName('post_translation', 'language'); // 'post_translation_language'
 * pkParamName('line-item', 'id'); // 'line_item_id'
 * ```
 */
export function pkParamName(model: string, field: string): string {
  return paramSafe(field.includes('_') || model === '' ? field : `${model}_${field}`);
}

/** `name` with each run of characters other than letters, digits and `_` as one `_`, and `_` before a digit. */
function paramSafe(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}_]+/gu, '_');
  return /^\p{N}/u.test(safe) ? `_${safe}` : safe;
}

/**
 * The path parameter `name` takes under a mount path that may already have
 * one of that name (a model nested under itself: `/nodes/{node_id}/children/{node_id_2}`):
 * `name`, else `name_2`, `name_3`, … whichever is free.
 *
 * @example
 * ```ts
 * freeParamName('/nodes/{node_id}/children', 'node_id'); // 'node_id_2'
 * ```
 */
export function freeParamName(mountPath: string, name: string): string {
  if (!mountPath.includes(`{${name}}`)) return name;
  let n = 2;
  while (mountPath.includes(`{${name}_${n}}`)) n += 1;
  return `${name}_${n}`;
}

/** A key field the path names: its alias (`article_id`) and its parameter at the mount point (maybe `article_id_2`). */
export interface KeyParam {
  readonly field: string;
  readonly alias: string;
  readonly param: string;
}

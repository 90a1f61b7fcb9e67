/**
 * Names from paths: short operation ids (`listCategoryThreads`) and the
 * words that tell one mount point of a model from another (`CategoryThread`).
 *
 * @module
 */
import type { CrudRoute } from './router.ts';

/** The verb of each generated operation; extra routes take their method's. */
const VERBS: Readonly<Record<string, string>> = {
  getMany: 'list',
  getOne: 'get',
  createOne: 'create',
  updateOne: 'update',
  deleteOne: 'delete',
};

/** `post-translations`, `post_translation`, `postTranslation` → `['post', 'translations']` … */
const words = (text: string): string[] =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

/** `['post', 'translation']` → `PostTranslation`. */
export const pascalCase = (text: string): string =>
  words(text)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** An English plural made singular, the plain way (`categories`, `boxes`, `posts`); other words unchanged. */
export function singular(word: string): string {
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/i.test(word)) return word;
  if (/(s|x|z|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word)) return word.slice(0, -1);
  return word;
}

const PARAM = /^\{(.+)\}$/;

/**
 * The nouns of a path, in PascalCase. A literal segment followed by
 * parameters is its singular (or, for one `{x_id}` after a segment that is no
 * plain plural, `X`: `people/{person_id}`); followed by none, itself (the
 * plural of a collection), or its singular when it is the last segment and
 * `singularLast` is set.
 *
 * @example
 * ```ts
 * pathNouns('/categories/{category_id}/threads');       // 'CategoryThreads'
 * pathNouns('/categories/{category_id}/threads', true); // 'CategoryThread'
 * pathNouns('/users/me');                                // 'UsersMe'
 * pathNouns('/users/{users_id}/authored-posts/{posts_id}'); // 'UserAuthoredPost'
 * ```
 */
export function pathNouns(path: string, singularLast = false): string {
  const segments = path.split('/').filter(Boolean);
  const nouns: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const param = PARAM.exec(segment)?.[1];
    if (param !== undefined) {
      nouns.push(param.replace(/_id$/, '')); // a parameter with no literal before it
      continue;
    }
    const params: string[] = [];
    while (i + 1 < segments.length && PARAM.test(segments[i + 1] as string)) {
      params.push((PARAM.exec(segments[++i] as string) as RegExpExecArray)[1] as string);
    }
    const only = params.length === 1 ? /^(.+)_id$/.exec(params[0] as string)?.[1] : undefined;
    const last = i === segments.length - 1 && params.length === 0;
    if (only) nouns.push(itemNoun(segment, only));
    else if (params.length > 0 || (last && singularLast)) nouns.push(singularOf(segment));
    else nouns.push(segment);
  }
  return nouns.map(pascalCase).join('');
}

/** The singular of a literal segment: its last word made singular (`post-translations` → `post-translation`). */
const singularOf = (segment: string): string => {
  const parts = words(segment);
  parts.push(singular(parts.pop() ?? ''));
  return parts.join('-');
};

/** The noun of a segment before its one `{x_id}`: the segment's singular, or `x` where it has none (`people`). */
const itemNoun = (segment: string, param: string): string => {
  const one = singularOf(segment);
  return one === words(segment).join('-') ? param : one;
};

/**
 * The default operation id of a route: a verb, then the path's nouns
 * (`listCategoryThreads`, `getCategoryThread`, `createCategoryThread`;
 * an extra route's method, `getCategoryStats`).
 *
 * @example
 * ```ts
 * operationIdOf({ name: 'getOne', method: 'GET', path: '/categories/{category_id}/threads/{thread_id}' });
 * // 'getCategoryThread'
 * ```
 */
export function operationIdOf(route: Pick<CrudRoute, 'name' | 'path' | 'method'>): string {
  const verb = VERBS[route.name] ?? route.method.toLowerCase();
  return verb + (pathNouns(route.path, ONE_OBJECT.has(route.name)) || 'Root');
}

/** Operations on one object: a path ending in a literal (a nested single object) names it in the singular. */
const ONE_OBJECT: ReadonlySet<string> = new Set(['createOne', 'getOne', 'updateOne', 'deleteOne']);

/**
 * What a documented dependency's 401s claim against what the document says
 * its schemes are: `WWW-Authenticate: Bearer`, its default, only where one of
 * them takes a bearer token.
 *
 * @module
 */
import type { JsonSchema } from '../schemas/json-schema.ts';
import type { DocumentedRoute } from './operation.ts';

/** A scheme that takes a bearer token (RFC 6750): an HTTP `bearer`, OAuth 2 or OpenID Connect one. */
const takesBearer = (scheme: JsonSchema): boolean =>
  (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') ||
  scheme.type === 'oauth2' ||
  scheme.type === 'openIdConnect';

/** Whether `schemes` says of each of `names` what it is, and none takes a bearer token. */
function noneTakesBearer(names: readonly string[], schemes: Readonly<Record<string, JsonSchema>>): boolean {
  return (
    names.length > 0 &&
    names.every((name) => {
      const scheme = schemes[name];
      return typeof scheme?.type === 'string' && !takesBearer(scheme);
    })
  );
}

/**
 * Throws for a route guarded by a dependency whose 401s would claim a Bearer
 * challenge (it gives no `challenge`) while every scheme it names takes none
 * (an API key, HTTP Basic): the dependency must say which challenge it answers with.
 */
export function refuseFalseChallenges(
  placed: readonly DocumentedRoute[],
  schemes: Readonly<Record<string, JsonSchema>> | undefined,
): void {
  if (!schemes) return;
  for (const { route, path } of placed) {
    const names = route.bearerChallenged?.find((named) => noneTakesBearer(named, schemes));
    if (!names) continue;
    const types = names.map((name) => `${name} (${String(schemes[name]?.type)})`).join(', ');
    throw new TypeError(
      `${route.method} ${path}: a dependency's 401s would claim "WWW-Authenticate: Bearer", but its schemes ` +
        `${types} take no bearer token; give documentDependency its challenge (\`challenge: 'ApiKey'\`)`,
    );
  }
}

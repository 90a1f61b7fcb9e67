/**
 * What a dependency tells the OpenAPI document: the security it enforces and
 * the errors it raises. A documented dependency is still a plain function;
 * its docs are kept beside it and read once, when routes are built.
 *
 * @module
 */

import { type ErrorCode, HttpError } from '../errors.ts';
import type { Dependency } from './request.ts';
import { isThenable } from './resolve.ts';

/** An OpenAPI security requirement: scheme name → scopes (`{ bearer: [] }`). */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

/** A request header or cookie a dependency reads, for the document: `{ in: 'header', name: 'X-Tenant' }`. */
export interface DependencyParameter {
  readonly in: 'header' | 'cookie';
  readonly name: string;
  /** Whether a request must send it (default `false`). */
  readonly required?: boolean;
  readonly description?: string;
}

/** What {@link documentDependency} attaches to a dependency. */
export interface DependencyDocs {
  /** The requirements it enforces; any one of them lets a request through. Implies the `unauthorized` error. */
  readonly security?: readonly SecurityRequirement[];
  /** The errors it may raise (`['forbidden']`, `['too_many_requests']`). */
  readonly errors?: readonly ErrorCode[];
  /**
   * The `WWW-Authenticate` challenge of the 401s it raises (`ApiKey`, `Basic realm="api"`): `Bearer` unless
   * given, when it declares `security`, which the document refuses for schemes that take no bearer token.
   */
  readonly challenge?: string;
  /** The headers and cookies it reads, other than the credentials its `security` names. */
  readonly parameters?: readonly DependencyParameter[];
}

/** Headers OpenAPI takes from elsewhere, and where. */
const RESERVED_HEADERS = new Map([
  ['authorization', 'declare credentials as security'],
  ['accept', 'the operation gives its media types'],
  ['content-type', 'the operation gives its media types'],
  ['cookie', "declare each cookie as in: 'cookie'"],
]);

/** A header or cookie name: an HTTP token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Throws for a parameter the document could not carry as given. */
function refuseParameter({ in: where, name }: DependencyParameter): void {
  if (where !== 'header' && where !== 'cookie') {
    throw new TypeError(`A dependency's parameter is a header or a cookie, not "${String(where)}"`);
  }
  if (!TOKEN.test(name)) throw new TypeError(`"${name}" is no ${where} name`);
  const reserved = where === 'header' ? RESERVED_HEADERS.get(name.toLowerCase()) : undefined;
  if (reserved) throw new TypeError(`The ${name} header is no parameter in OpenAPI: ${reserved}`);
}

const documented = new WeakMap<Dependency, DependencyDocs>();

/**
 * A dependency that runs `dependency` and is documented with `docs`: the
 * operations it guards are documented with its security and errors, and a
 * 401 it raises carries `WWW-Authenticate` when it declares security. The
 * original is left as it was.
 *
 * @example
 * ```ts
 * const requireUser = documentDependency(
 *   (req: CrudRequest) => {
 *     if (!req.headers.authorization) throw new HttpError('unauthorized', 'Sign in first');
 *   },
 *   { security: [{ bearer: [] }], errors: ['forbidden'] },
 * );
 * ```
 */
export function documentDependency(dependency: Dependency, docs: DependencyDocs): Dependency {
  for (const parameter of docs.parameters ?? []) refuseParameter(parameter);
  const challenge = docs.challenge ?? (docs.security ? 'Bearer' : undefined);
  const rethrow = (error: unknown): never => {
    throw challenge === undefined ? error : withChallenge(error, challenge);
  };
  const run: Dependency = (req) => {
    try {
      const value = dependency(req);
      return isThenable(value) ? Promise.resolve(value).catch(rethrow) : value;
    } catch (error) {
      return rethrow(error);
    }
  };
  documented.set(run, docs);
  return run;
}

/**
 * The docs of a dependency made by {@link documentDependency}, if any.
 *
 * @example
 * ```ts
 * const requireUser = documentDependency(() => {}, { security: [{ bearer: [] }] });
 * dependencyDocs(requireUser)?.security; // [{ bearer: [] }]
 * ```
 */
export function dependencyDocs(dependency: Dependency): DependencyDocs | undefined {
  return documented.get(dependency);
}

/** What the dependencies of one route declare together. */
export interface GuardDocs {
  readonly errors: readonly ErrorCode[];
  /** Every dependency's requirement must hold: their product (absent when none declares any). */
  readonly security?: readonly SecurityRequirement[];
  /** The headers and cookies they read, each once (absent when none declares any). */
  readonly parameters?: readonly DependencyParameter[];
  /** The schemes named by each of them whose 401s carry the default `Bearer` challenge (it gives no other). */
  readonly bearerChallenged?: readonly (readonly string[])[];
}

/** Merges the docs of a route's dependencies. */
export function guardDocs(dependencies: readonly Dependency[]): GuardDocs {
  const errors: ErrorCode[] = [];
  let security: SecurityRequirement[] | undefined;
  const bearerChallenged: string[][] = [];
  const parameters = new Map<string, DependencyParameter>();
  for (const dependency of dependencies) {
    const docs = documented.get(dependency);
    if (!docs) continue;
    errors.push(...(docs.errors ?? []));
    for (const parameter of docs.parameters ?? []) {
      // Header names are case-insensitive; one that any dependency requires is required.
      const key = `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
      const seen = parameters.get(key);
      parameters.set(key, seen ? { ...seen, required: Boolean(seen.required || parameter.required) } : parameter);
    }
    if (!docs.security) continue;
    errors.push('unauthorized');
    if (docs.challenge === undefined) bearerChallenged.push([...new Set(docs.security.flatMap((r) => Object.keys(r)))]);
    const alternatives = docs.security;
    security = security ? security.flatMap((a) => alternatives.map((b) => both(a, b))) : [...alternatives];
  }
  return {
    errors,
    ...(security && { security }),
    ...(parameters.size > 0 && { parameters: [...parameters.values()] }),
    ...(bearerChallenged.length > 0 && { bearerChallenged }),
  };
}

/** One requirement that holds when `a` and `b` both do. */
function both(a: SecurityRequirement, b: SecurityRequirement): SecurityRequirement {
  const merged: Record<string, readonly string[]> = { ...a };
  for (const [scheme, scopes] of Object.entries(b))
    merged[scheme] = [...new Set([...(merged[scheme] ?? []), ...scopes])];
  return merged;
}

/** The error, a 401 given a `WWW-Authenticate` challenge unless it has one. */
function withChallenge(error: unknown, challenge: string): unknown {
  if (!(error instanceof HttpError) || error.status !== 401) return error;
  const headers = error.headers ?? {};
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'www-authenticate')) return error;
  const options = { headers: { ...headers, 'www-authenticate': challenge }, cause: error };
  return new HttpError(error.code, error.detail, error.errors ? { ...options, errors: error.errors } : options);
}

/**
 * `collection.extra`: hand-written routes mounted with the same wiring as the
 * generated ones, anchored at the single object (`extra`, `extra.item`) or at
 * the collection root (`extra.collection`).
 *
 * @module
 */
import type { z } from 'zod';
import type { PkValues } from '../adapter-data.ts';
import type { CrudRequest, Dependency } from '../dependencies/request.ts';
import type { ErrorCode } from '../errors.ts';
import type { HttpMethod } from './router.ts';

/** The Zod schemas of an extra route's inputs and response. */
export interface ExtraSchemas {
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
}

/** Options of an extra route; all pass through to the route table. */
export interface ExtraRouteOptions<S extends ExtraSchemas = ExtraSchemas> {
  /** Validates the inputs, and types them in the handler's context. */
  readonly schema?: S;
  /** Shorthand for `schema.response`. */
  readonly response?: z.ZodType;
  /** Success status, 200 by default. */
  readonly status?: number;
  readonly dependencies?: readonly Dependency[];
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  readonly operationId?: string;
  readonly deprecated?: boolean;
  readonly hidden?: boolean;
  /** Errors the handler may raise, for the document (validation's and the dependencies' are added). */
  readonly errors?: readonly ErrorCode[];
  /**
   * Under parents, a route first reads its row (an item route) or its nearest parent (a collection route)
   * inside them and answers 404 without it; an item route anywhere answers 404 for a key its column cannot
   * hold (default `true`). `false` runs the handler for any keys, as an upsert needs, which must then keep
   * to the parents itself.
   */
  readonly requireRow?: boolean;
}

/** The validated value of input `K` when the route declares a schema for it, else `Fallback`. */
type InputOf<S, K extends keyof ExtraSchemas, Fallback> = S extends { readonly [P in K]: infer T extends z.ZodType }
  ? z.output<T>
  : Fallback;

/** The `{name}` parameters of a path: `'/sub/{n}/{m}'` gives `'n' | 'm'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}`
  ? N | PathParamNames<Rest>
  : never;

/** `params`: as `schema.params` validates them, and each parameter of the route's path it leaves out a string. */
type ParamsOf<S, P extends string> = InputOf<S, 'params', Readonly<Record<string, unknown>>> &
  Readonly<Record<Exclude<PathParamNames<P>, keyof InputOf<S, 'params', object>>, string>>;

/**
 * What an extra handler receives. `TPk` is the collection's primary key
 * (`undefined` at the collection root); `params`, `query` and `body` are typed
 * by the route's `schema` when it declares them, and a parameter of the path
 * `P` (`/sub/{n}`) that `schema.params` leaves out as a string.
 */
export interface ExtraContext<
  TPk = PkValues | undefined,
  S extends ExtraSchemas = ExtraSchemas,
  P extends string = string,
> {
  /** The resolved `PKFieldsDependency` (item anchor only). */
  readonly pk: TPk;
  /** The resolved `ParentPKFieldsDependency`: every ancestor's keys, nearest first. */
  readonly parents: readonly PkValues[];
  readonly params: ParamsOf<S, P>;
  readonly query: InputOf<S, 'query', Readonly<Record<string, unknown>>>;
  readonly body: InputOf<S, 'body', unknown>;
  readonly req: CrudRequest;
}

/** An extra route's handler: what it returns is the response body. */
export type ExtraHandler<
  TPk = PkValues | undefined,
  S extends ExtraSchemas = ExtraSchemas,
  P extends string = string,
> = (ctx: ExtraContext<TPk, S, P>) => unknown;

/** One registered extra route. */
export interface ExtraRouteEntry {
  readonly anchor: 'item' | 'collection';
  readonly methods: readonly HttpMethod[];
  readonly path: string;
  readonly options: ExtraRouteOptions;
  readonly handler: ExtraHandler;
}

/** A verb of {@link ExtraRouteRegistrar} (`get`, `post`, …): `route` with its one method given. */
export interface ExtraVerb<TPk, R> {
  <P extends string>(path: P, handler: ExtraHandler<TPk, ExtraSchemas, P>): R;
  <P extends string, S extends ExtraSchemas>(
    path: P,
    options: ExtraRouteOptions<S>,
    handler: ExtraHandler<TPk, S, P>,
  ): R;
}

/** A verb's arguments after the path, as the implementation sees them. */
type VerbArgs<TPk> = [handler: ExtraHandler<TPk>] | [options: ExtraRouteOptions, handler: ExtraHandler<TPk>];

/**
 * Registers extra routes for one anchor; `TPk` types the handlers' `pk`.
 *
 * @example
 * ```ts
 * const search = z.object({ q: z.string() }); // types `query` in the handler
 * categories.extra.collection.get('/search', { schema: { query: search } }, ({ query }) => ({ q: query.q }));
 * categories.extra.post('/archive', { status: 204 }, async ({ pk }) => void pk.id);
 * ```
 */
export class ExtraRouteRegistrar<TPk = PkValues | undefined> {
  readonly #anchor: 'item' | 'collection';
  readonly #entries: ExtraRouteEntry[];
  /** Each registers a route of its method: `(path, handler)` or `(path, options, handler)`. */
  readonly get: ExtraVerb<TPk, this> = this.#verb('GET');
  readonly post: ExtraVerb<TPk, this> = this.#verb('POST');
  readonly put: ExtraVerb<TPk, this> = this.#verb('PUT');
  readonly patch: ExtraVerb<TPk, this> = this.#verb('PATCH');
  readonly delete: ExtraVerb<TPk, this> = this.#verb('DELETE');
  /** Alias of {@link route}, for code written against FastAPI's `api_route`. */
  readonly apiRoute: this['route'] = this.route.bind(this);

  constructor(anchor: 'item' | 'collection', entries: ExtraRouteEntry[]) {
    this.#anchor = anchor;
    this.#entries = entries;
  }

  /** One handler for several methods at once. */
  route<P extends string>(methods: readonly HttpMethod[], path: P, handler: ExtraHandler<TPk, ExtraSchemas, P>): this;
  route<P extends string, S extends ExtraSchemas>(
    methods: readonly HttpMethod[],
    path: P,
    options: ExtraRouteOptions<S>,
    handler: ExtraHandler<TPk, S, P>,
  ): this;
  route(methods: readonly HttpMethod[], path: string, ...args: VerbArgs<TPk>): this {
    return this.#add(methods, path, args);
  }

  /** `route` for one method; typed by {@link ExtraVerb}, as `route`'s overloads type it. */
  #verb(method: HttpMethod): ExtraVerb<TPk, this> {
    return ((path: string, ...args: VerbArgs<TPk>) => this.#add([method], path, args)) as ExtraVerb<TPk, this>;
  }

  #add(methods: readonly HttpMethod[], path: string, args: VerbArgs<TPk>): this {
    const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
    // Stored untyped: the context built per request is what `schema` and the collection's key promise.
    this.#entries.push({ anchor: this.#anchor, methods, path, options, handler: handler as ExtraHandler });
    return this;
  }
}

/**
 * `collection.extra`: anchored at the single object, with `item` (the same) and
 * `collection` (the root) registrars. Item handlers get the object's key as
 * `pk`, typed as the collection's primary key; root handlers get `undefined`.
 *
 * @example
 * ```ts
 * posts.extra.post('/publish', async ({ pk }) => ({ published: pk.id })); // POST /posts/{post_id}/publish
 * posts.extra.collection.get('/drafts', () => []); // GET /posts/drafts
 * ```
 */
export class ExtraRoutes<TPk = PkValues> extends ExtraRouteRegistrar<TPk> {
  readonly entries: ExtraRouteEntry[];
  readonly item: ExtraRouteRegistrar<TPk>;
  readonly collection: ExtraRouteRegistrar<undefined>;

  constructor(entries: ExtraRouteEntry[] = []) {
    super('item', entries);
    this.entries = entries;
    this.item = this;
    this.collection = new ExtraRouteRegistrar<undefined>('collection', entries);
  }
}

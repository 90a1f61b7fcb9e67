/**
 * `collection.extra`: hand-written routes mounted with the same wiring as the
 * generated ones, anchored at the single object (`extra`, `extra.item`) or at
 * the collection root (`extra.collection`).
 *
 * @module
 */
import type { z } from 'zod';
import type { PkValues } from './adapter.ts';
import type { ErrorCode } from './errors.ts';
import type { CrudRequest, Dependency } from './request.ts';
import type { HttpMethod } from './router.ts';

/** Options of an extra route; all pass through to the route table. */
export interface ExtraRouteOptions {
  readonly schema?: {
    readonly params?: z.ZodObject;
    readonly query?: z.ZodObject;
    readonly body?: z.ZodType;
    readonly response?: z.ZodType;
  };
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
}

/** What an extra handler receives. */
export interface ExtraContext {
  /** The resolved `PKFieldsDependency` (item anchor only). */
  readonly pk: PkValues | undefined;
  /** The resolved `ParentPKFieldsDependency`: every ancestor's keys, nearest first. */
  readonly parents: readonly PkValues[];
  readonly params: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly req: CrudRequest;
}

export type ExtraHandler = (ctx: ExtraContext) => unknown;

/** One registered extra route. */
export interface ExtraRouteEntry {
  readonly anchor: 'item' | 'collection';
  readonly methods: readonly HttpMethod[];
  readonly path: string;
  readonly options: ExtraRouteOptions;
  readonly handler: ExtraHandler;
}

type VerbArgs = [handler: ExtraHandler] | [options: ExtraRouteOptions, handler: ExtraHandler];

/**
 * Registers extra routes for one anchor.
 *
 * @example
 * ```ts
 * const search = { schema: { query: z.object({ q: z.string() }) } };
 * categories.extra.collection.get('/search', search, ({ query }) => ({ q: query.q }));
 * categories.extra.post('/archive', { status: 204 }, async ({ pk }) => void pk);
 * ```
 */
export class ExtraRouteRegistrar {
  readonly #anchor: 'item' | 'collection';
  readonly #entries: ExtraRouteEntry[];

  constructor(anchor: 'item' | 'collection', entries: ExtraRouteEntry[]) {
    this.#anchor = anchor;
    this.#entries = entries;
  }

  get(path: string, ...args: VerbArgs): this {
    return this.route(['GET'], path, ...args);
  }
  post(path: string, ...args: VerbArgs): this {
    return this.route(['POST'], path, ...args);
  }
  put(path: string, ...args: VerbArgs): this {
    return this.route(['PUT'], path, ...args);
  }
  patch(path: string, ...args: VerbArgs): this {
    return this.route(['PATCH'], path, ...args);
  }
  delete(path: string, ...args: VerbArgs): this {
    return this.route(['DELETE'], path, ...args);
  }

  /** Any methods at once (the spec's `api_route`). */
  route(methods: readonly HttpMethod[], path: string, ...args: VerbArgs): this {
    const [options, handler] = args.length === 1 ? [{}, args[0]] : args;
    this.#entries.push({ anchor: this.#anchor, methods, path, options, handler });
    return this;
  }

  /** Alias of {@link route}, after the spec's `api_route`. */
  apiRoute(methods: readonly HttpMethod[], path: string, ...args: VerbArgs): this {
    return this.route(methods, path, ...args);
  }
}

/**
 * `collection.extra`: anchored at the single object, with `item` (the same) and
 * `collection` (the root) registrars.
 *
 * @example
 * ```ts
 * posts.extra.post('/publish', async ({ pk }) => ({ published: pk })); // POST /posts/{post_id}/publish
 * posts.extra.collection.get('/drafts', () => []); // GET /posts/drafts
 * ```
 */
export class ExtraRoutes extends ExtraRouteRegistrar {
  readonly entries: ExtraRouteEntry[];
  readonly item: ExtraRouteRegistrar;
  readonly collection: ExtraRouteRegistrar;

  constructor(entries: ExtraRouteEntry[] = []) {
    super('item', entries);
    this.entries = entries;
    this.item = this;
    this.collection = new ExtraRouteRegistrar('collection', entries);
  }
}

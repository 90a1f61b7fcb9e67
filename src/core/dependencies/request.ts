/**
 * The framework-neutral request every dependency, resolver and handler sees.
 *
 * @module
 */

/**
 * A request as bindings hand it to the core. `params`, `query` and `body` are
 * already validated (and coerced) against the route's input schemas.
 *
 * @example
 * ```ts
 * const requireUser = (req: CrudRequest) => {
 *   const token = req.headers.authorization;
 *   if (!token) throw new HttpError(401, 'login required');
 *   req.state.set('user', token.slice('Bearer '.length));
 * };
 * ```
 */
export interface CrudRequest<Raw = unknown> {
  readonly method: string;
  readonly url: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  /** The framework's own request object (a Fastify request for `toFastify`). */
  readonly raw: Raw;
  /** Per-request scratch space shared by dependencies and handlers. */
  readonly state: Map<unknown, unknown>;
}

/** A function of the request, run before a route's handler (auth, rate limits, ...). */
export type Dependency = (req: CrudRequest) => unknown;

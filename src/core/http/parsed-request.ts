/**
 * The `CrudRequest` the core's own request pipeline hands to dependencies
 * and handlers, for bindings whose framework does not validate by itself.
 *
 * @module
 */
import type { CrudRequest } from '../dependencies/request.ts';
import type { RequestParts } from './responder.ts';

/** A validated request; `state` is created on first use. */
export class ParsedRequest<Raw> implements CrudRequest<Raw> {
  params: Readonly<Record<string, unknown>> = {};
  query: Readonly<Record<string, unknown>> = {};
  body: unknown;
  readonly #parts: RequestParts<Raw>;
  #state: Map<unknown, unknown> | undefined;

  constructor(parts: RequestParts<Raw>) {
    this.#parts = parts;
  }

  get method(): string {
    return this.#parts.method;
  }
  get url(): string {
    return this.#parts.url;
  }
  /** Read from the binding when first asked for: most requests never look. */
  get headers(): RequestParts<Raw>['headers'] {
    return this.#parts.headers;
  }
  get raw(): Raw {
    return this.#parts.raw;
  }
  get state(): Map<unknown, unknown> {
    this.#state ??= new Map();
    return this.#state;
  }
}

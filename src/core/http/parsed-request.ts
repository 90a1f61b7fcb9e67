/**
 * The `CrudRequest` the core's own request pipeline hands to dependencies
 * and handlers, for bindings whose framework does not validate by itself.
 *
 * @module
 */
import type { CrudRequest } from '../request.ts';

/** A validated request; `state` is created on first use. */
export class ParsedRequest<Raw> implements CrudRequest<Raw> {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly raw: Raw;
  params: Readonly<Record<string, unknown>> = {};
  query: Readonly<Record<string, unknown>> = {};
  body: unknown;
  #state: Map<unknown, unknown> | undefined;

  constructor(method: string, url: string, headers: ParsedRequest<Raw>['headers'], raw: Raw) {
    this.method = method;
    this.url = url;
    this.headers = headers;
    this.raw = raw;
  }

  get state(): Map<unknown, unknown> {
    this.#state ??= new Map();
    return this.#state;
  }
}

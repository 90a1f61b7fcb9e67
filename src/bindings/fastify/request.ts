/**
 * A Fastify request seen as the core's neutral `CrudRequest`: a thin view,
 * no copying.
 *
 * @module
 */

import type { FastifyRequest } from 'fastify';
import type { CrudRequest } from 'ormcrud';
import { originForm } from 'ormcrud/binding-kit';

/** Wraps a Fastify request; `state` is created on first use. */
export class FastifyCrudRequest implements CrudRequest<FastifyRequest> {
  readonly raw: FastifyRequest;
  #state: Map<unknown, unknown> | undefined;

  constructor(raw: FastifyRequest) {
    this.raw = raw;
  }

  get method(): string {
    return this.raw.method;
  }
  get url(): string {
    return originForm(this.raw.url);
  }
  get params(): Readonly<Record<string, unknown>> {
    return this.raw.params as Record<string, unknown>;
  }
  get query(): Readonly<Record<string, unknown>> {
    return this.raw.query as Record<string, unknown>;
  }
  get headers(): FastifyRequest['headers'] {
    return this.raw.headers;
  }
  get body(): unknown {
    return this.raw.body;
  }
  get state(): Map<unknown, unknown> {
    this.#state ??= new Map();
    return this.#state;
  }
}

/**
 * The models one engine adapter reaches (its own, relation targets, junctions,
 * parents), each compiled for its dialect once per description.
 *
 * @module
 */
import { CompiledModel } from './compiled-model.ts';
import type { Dialect } from './dialect.ts';
import type { ModelSpec } from './model.ts';

/**
 * Compiled models, kept by description and by the reference a caller named
 * the model with (an ORM model, a name), so a request looks nothing up twice.
 *
 * @example
 * ```ts
 * const models = new CompiledModels(() => postSpec, () => postgresDialect());
 * models.of('post') === models.of(postSpec); // true: one description, compiled once
 * ```
 */
export class CompiledModels {
  readonly #bySpec = new Map<ModelSpec, CompiledModel>();
  readonly #byRef = new Map<unknown, CompiledModel>();
  readonly #specOf: (model: unknown) => ModelSpec;
  readonly #dialect: () => Dialect;

  /** `specOf` describes a model by any reference; `dialect` is read when a model is first compiled. */
  constructor(specOf: (model: unknown) => ModelSpec, dialect: () => Dialect) {
    this.#specOf = specOf;
    this.#dialect = dialect;
  }

  /** The model `model` refers to, compiled. */
  of(model: unknown): CompiledModel {
    let compiled = this.#byRef.get(model);
    if (compiled) return compiled;
    const spec = this.#specOf(model);
    compiled = this.#bySpec.get(spec);
    if (!compiled) {
      compiled = new CompiledModel(spec, this.#dialect());
      this.#bySpec.set(spec, compiled);
    }
    this.#byRef.set(model, compiled);
    return compiled;
  }
}

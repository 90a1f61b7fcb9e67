/**
 * The statements of one model, built once per shape and kept: a shape is
 * what fixes a statement's text (the parent chain, the filtered fields, the
 * sort, the written fields), never the values. A request only looks its
 * statement up and lists its values in placeholder order.
 *
 * @module
 */
import { type ParentRef, type PkValues, type PrimaryKeyOf, parentScopeValues } from 'ormcrud';
import { ChainShapes, StatementCache } from '../statement-cache.ts';
import { WriteShapes } from '../write-shapes.ts';
import type { SqlParams } from './dialect.ts';
import { type ResolveModel, type ScopeContext, scopeContext } from './scope.ts';
import type { SqlColumn, SqlModel } from './sql-model.ts';

/** A statement's text and its parameters' conversions; it serves every request of its shape. */
export interface Statement {
  readonly sql: string;
  readonly params: SqlParams;
}

/** What a write's statement depends on: its key, and the columns it sets, in table order. */
export interface WriteShape {
  readonly key: string;
  readonly columns: readonly SqlColumn[];
}

/** How many shapes an adapter keeps; past it the oldest goes, to be rebuilt if it comes back. */
const SHAPES_KEPT = 64;

/**
 * The kept statements of one model, and what finding them takes.
 *
 * @example
 * ```ts
 * const q = new ModelStatements(post, resolve);
 * const one = q.get(q.key('one', parents), (ctx) => selectRowSql(post, rowWhere(post, parents, ctx)));
 * await exec(one.sql, one.params.bind(q.rowValues({ id: 7 }, parents)));
 * ```
 */
export class ModelStatements {
  readonly #cache = new StatementCache<Statement>(SHAPES_KEPT);
  readonly #chains: ChainShapes;
  readonly #writes: WriteShapes<WriteShape>;
  /** A parent model's primary-key fields, in the order `keySql` binds them. */
  readonly primaryKeyOf: PrimaryKeyOf;

  constructor(
    readonly model: SqlModel,
    readonly resolve: ResolveModel,
  ) {
    this.#chains = new ChainShapes((model) => resolve(model).name);
    this.primaryKeyOf = (model) => resolve(model).primaryKey;
    this.#writes = new WriteShapes(
      model.columns.map((c) => c.wire),
      (chainKey, fields) => {
        // Unknown keys never reach the database; the rest are set in table order.
        const columns = model.columns.filter((c) => fields.includes(c.wire));
        return { key: `${chainKey}|${columns.map((c) => c.wire).join(',')}`, columns };
      },
    );
  }

  /** The statement kept under `key`, built by `build` the first time. */
  get(key: string, build: (ctx: ScopeContext) => string): Statement {
    let statement = this.#cache.get(key);
    if (statement === undefined) {
      const ctx = scopeContext(this.model, this.resolve);
      statement = this.#cache.set(key, { sql: build(ctx), params: ctx.params });
    }
    return statement;
  }

  /** `kind` followed by the parent chain's shape, kept per chain (no string built per request). */
  key(kind: string, parentRefs: readonly ParentRef[] | undefined): string {
    return this.#chains.key(kind, parentRefs);
  }

  /** The parent chain's shape, to end a key built per request. */
  shape(parentRefs: readonly ParentRef[] | undefined): string {
    return this.#chains.shape(parentRefs);
  }

  /**
   * The shape of a `kind` write of `values` (its keys with a value) under the
   * parent chain: found from the keys alone, so however they are ordered a
   * field set shares one statement, and no key string is built per request.
   */
  written(
    kind: string,
    parentRefs: readonly ParentRef[] | undefined,
    values: Readonly<Record<string, unknown>>,
  ): WriteShape {
    return this.#writes.get(this.#chains.key(kind, parentRefs), values);
  }

  /** The raw values of a `rowWhere` statement, after those already in `out`: the key, then the parent scope. */
  rowValues(pkValues: PkValues, parentRefs: readonly ParentRef[] | undefined, out: unknown[] = []): unknown[] {
    for (const field of this.model.primaryKey) out.push(pkValues[field]);
    return parentScopeValues(parentRefs, this.primaryKeyOf, out);
  }
}

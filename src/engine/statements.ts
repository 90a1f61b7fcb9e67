/**
 * The statements of one model, built once per shape and kept: a shape is
 * what fixes a statement's text (the parent chain, the filtered fields, the
 * sort, the written fields), never the values. A request only looks its
 * statement up and lists its values in placeholder order.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { PkValues } from '../core/adapter-data.ts';
import { chainShape, type ParentRef } from '../core/parent-scope.ts';
import type { Column } from './compiled-column.ts';
import type { CompiledModel } from './compiled-model.ts';
import type { Statement } from './executor.ts';
import { type PrimaryKeyOf, parentScopeValues } from './parent-plan.ts';
import { type ResolveModel, type ScopeContext, scopeContext } from './scope.ts';
import type { Selection } from './selection.ts';
import { StatementCache } from './statement-cache.ts';
import { WriteShapes } from './write-shapes.ts';

/** What a write's statement depends on: its key, the columns it is given, and those it fills itself. */
export interface WriteShape {
  readonly key: string;
  /** The given columns, in table order. */
  readonly columns: readonly Column[];
  /** The columns an insert of these fills itself. */
  readonly insertFilled: readonly Column[];
  /** The columns an update of these fills itself. */
  readonly updateFilled: readonly Column[];
}

/** What a builder makes: the text, and the selection of the rows it returns (if any). */
export type Built = string | { readonly sql: string; readonly selection: Selection };

/** Distinct texts named per model; past it new texts run unnamed, so no connection keeps statements without bound. */
const NAMES_KEPT = 500;

/**
 * The kept statements of one model, and what finding them takes.
 *
 * @example
 * ```ts
 * const q = new ModelStatements(postModel, () => postModel, 64);
 * const one = q.get(q.key('one', parents), (ctx) => `SELECT 1 FROM ${postModel.table} WHERE id = ${ctx.params.add()}`);
 * ```
 */
export class ModelStatements {
  readonly #cache: StatementCache<Statement>;
  /** Keys by parent chain shape, then kind: made once, so a lookup builds no string per request. */
  readonly #keys = new Map<string, Map<string, string>>();
  readonly #writes: WriteShapes<WriteShape>;
  readonly #names = new Set<string>();
  /** A parent model's primary-key fields, in the order `keySql` binds them. */
  readonly primaryKeyOf: PrimaryKeyOf;

  constructor(
    readonly model: CompiledModel,
    readonly resolve: ResolveModel,
    kept: number,
  ) {
    this.#cache = new StatementCache(kept);
    this.primaryKeyOf = (parent) => resolve(parent).primaryKey;
    this.#writes = new WriteShapes(
      model.columns.map((c) => c.field),
      (chainKey, fields) => {
        // Unknown keys never reach the database; the rest are set in table order.
        const columns = model.columns.filter((c) => fields.includes(c.field));
        const unset = (fillable: readonly Column[]) => fillable.filter((c) => !columns.includes(c));
        return {
          key: `${chainKey}|${columns.map((c) => c.field).join(',')}`,
          columns,
          insertFilled: unset(model.insertFills),
          updateFilled: unset(model.updateFills),
        };
      },
    );
  }

  /** The statement kept under `key`, built by `build` the first time. */
  get(key: string, build: (ctx: ScopeContext) => Built): Statement {
    let statement = this.#cache.get(key);
    if (statement === undefined) {
      const ctx = scopeContext(this.model, this.resolve);
      const built = build(ctx);
      const sql = typeof built === 'string' ? built : built.sql;
      const selection = typeof built === 'string' ? undefined : built.selection;
      statement = this.#cache.set(key, { sql, name: this.#name(sql), params: ctx.params, selection });
    }
    return statement;
  }

  /** `kind` followed by the parent chain's shape, kept per chain and kind (no string built per request). */
  key(kind: string, parentRefs: readonly ParentRef[] | undefined): string {
    const chain = this.shape(parentRefs);
    let byKind = this.#keys.get(chain);
    if (byKind === undefined) {
      byKind = new Map();
      this.#keys.set(chain, byKind);
    }
    let key = byKind.get(kind);
    if (key === undefined) {
      key = kind + chain;
      byKind.set(kind, key);
    }
    return key;
  }

  /** The parent chain's shape (`''` without parents): the one the router gave it, else worked out here. */
  shape(parentRefs: readonly ParentRef[] | undefined): string {
    if (!parentRefs || parentRefs.length === 0) return '';
    if (parentRefs[0]?.chain !== undefined) return parentRefs[0].chain;
    let shape = '';
    for (let i = parentRefs.length - 1; i >= 0; i--) {
      const { model, link } = parentRefs[i] as ParentRef;
      shape = chainShape(model, link, shape);
    }
    return shape;
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
    return this.#writes.get(this.key(kind, parentRefs), values);
  }

  /** The raw values of a `rowWhere` statement, after those already in `out`: the key, then the parent scope. */
  rowValues(pkValues: PkValues, parentRefs: readonly ParentRef[] | undefined, out: unknown[] = []): unknown[] {
    for (const field of this.model.primaryKey) out.push(pkValues[field]);
    return parentScopeValues(parentRefs, this.primaryKeyOf, out);
  }

  /** The name of a text where the dialect names statements: the same for the same text only. */
  #name(sql: string): string | undefined {
    if (!this.model.dialect.namedStatements) return undefined;
    const name = `ormcrud_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (!this.#names.has(name)) {
      if (this.#names.size >= NAMES_KEPT) return undefined;
      this.#names.add(name);
    }
    return name;
  }
}

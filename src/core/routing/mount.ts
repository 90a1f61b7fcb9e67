/**
 * A collection at one place in a router: its paths, its ancestors, the
 * schemas its place leaves it and the resolver of every marker. Worked out
 * once, when the router is built; nothing here runs per request.
 *
 * @module
 */
import type { z } from 'zod';
import type { PkValues } from '../adapter-data.ts';
import type { CRUDCollection } from '../collection.ts';
import { type CallField, CallResolver } from '../dependencies/call.ts';
import { defaultResolvers } from '../dependencies/default-resolvers.ts';
import {
  type Marker,
  memoize,
  PKFieldsDependency,
  ReplaceSignatureDependency,
  type ResolvedOverrides,
  type Resolver,
} from '../dependencies/markers.ts';
import { chainShape } from '../parent-scope.ts';
import { StorageCheck } from '../schemas/storable.ts';
import type { MountPlace } from './mount-place.ts';
import { findParentLink, type NestedConfig } from './nesting.ts';
import { freeParamName, type KeyParam, pkParamName } from './path-params.ts';
import { guardWrites } from './write-guard.ts';
import { writtenValues } from './written-values.ts';

/**
 * A collection at a mount point: its paths, the schemas its place leaves it
 * and its resolvers. A route table's `mount`.
 *
 * @example
 * ```ts
 * class Logged extends CRUDCollection {
 *   override addGetOneRoute(table: RouteTable, strategy?: Strategy) {
 *     console.log('GET', table.mount.place.prefix + table.mount.itemPath);
 *     super.addGetOneRoute(table, strategy);
 *   }
 * }
 * ```
 */
export class Mount {
  readonly collection: CRUDCollection;
  readonly place: MountPlace;
  /** PK path parameters whose values come from the nearest parent (they leave the id path). */
  readonly boundParams: ReadonlySet<string>;
  /** The key fields the id path names, with their parameters here. */
  readonly keyParams: readonly KeyParam[];
  /** The single-object path; a parameter an ancestor's path already names gets a free name. */
  readonly itemPath: string;
  /** The parent's key is this collection's whole key (a profile under its user): one object, at its root. */
  readonly single: boolean;
  /** Fields the path fixes: the nearest parent's key, when this model holds it. */
  readonly fixedFields: ReadonlySet<string>;
  /** Create body: the given or generated schema without the fixed fields. */
  readonly createSchema: z.ZodObject;
  /** Update body: likewise and without the primary key, so a PATCH cannot move a row out of its parent. */
  readonly updateSchema: z.ZodObject;
  /** Filters: the fixed fields are already filtered by the path. */
  readonly filterSchema: z.ZodObject;
  /** Defaults, then the collection's `dependencyOverrides`, then the strategy's; bodies keep to the path. */
  readonly resolvers: ResolvedOverrides;
  /** Whether a create may run here: under a parent that holds the key, only where it may be relinked. */
  readonly creates: boolean;
  /** The check of values against this collection's and its ancestors' columns, made once when first asked. */
  #storage: StorageCheck | undefined;

  constructor(collection: CRUDCollection, place: MountPlace) {
    const c = collection;
    this.collection = c;
    this.place = place;
    const nearest = place.parents[0];
    const link = nearest?.link;
    const held = link?.childHoldsKey ? link.childFields : [];
    this.creates = !link || link.childHoldsKey || nearest.relink === true;
    const model = c.getModelName();
    this.boundParams = new Set(held.filter((f) => f in c.pkFields.shape).map((f) => pkParamName(model, f)));
    this.keyParams = Object.keys(c.pkFields.shape)
      .map((field) => ({ field, alias: pkParamName(model, field) }))
      .filter(({ alias }) => !this.boundParams.has(alias))
      .map((key) => ({ ...key, param: freeParamName(place.path, key.alias) }));
    const own = c.getIdPath(this.boundParams).replace(/\{([^}]+)\}/g, (_, name: string) => {
      return `{${freeParamName(place.path, name)}}`;
    });
    this.itemPath = place.path + own;
    this.single = own === '';
    this.fixedFields = new Set(held);
    const generated = () => c.ormAdapter.generateCreateSchema(c.createFields, c.baseFields);
    this.createSchema = omit(c.createSchema ?? generated(), this.fixedFields);
    const primaryKey = c.ormAdapter.meta.primaryKey;
    this.updateSchema = omit(c.updateSchema, new Set([...this.fixedFields, ...primaryKey]));
    this.filterSchema = omit(c.filterSchema, this.fixedFields);
    const defaults = defaultResolvers(this);
    const resolvers = new Map<Marker, ReplaceSignatureDependency>(defaults);
    for (const source of [c.dependencyOverrides, place.strategy?.dependencyOverrides]) {
      for (const [marker, value] of source ?? []) resolvers.set(marker, ReplaceSignatureDependency.from(value));
    }
    guardWrites(resolvers, {
      fixed: this.fixedFields,
      primaryKey,
      values: () => writtenValues(c.ormAdapter.meta),
      replaced: (marker) => resolvers.get(marker) !== defaults.get(marker),
    });
    this.resolvers = resolvers;
  }

  /** Resolves the call `fields` of a route here, checking keys and values against the database's columns. */
  callResolver<F extends CallField>(fields: readonly F[]): CallResolver<F> {
    const levels = this.place.parents;
    this.#storage ??= new StorageCheck(
      this.collection.ormAdapter,
      levels.map((level) => level.model),
    );
    return new CallResolver(fields, this.resolvers, levels, this.#storage);
  }

  /** The mount point of `child`, nested at `path` under this collection's single-object path. */
  nest(child: CRUDCollection, path: string, config: NestedConfig): Mount {
    const { place, collection: parent } = this;
    const options = config.routerOptions;
    const link = findParentLink(child.ormAdapter, parent.ormAdapter, config.relation);
    const own = this.resolvers.get(PKFieldsDependency);
    if (!own) throw new TypeError('PKFieldsDependency is not resolved');
    const pk = new ReplaceSignatureDependency(memoize(own.resolve as Resolver<PkValues>), own.inputs);
    const relink = config.relinkParent;
    if (relink && link.childHoldsKey) {
      throw new TypeError(`relinkParent on "${path}": the child holds the key, which a create takes from the URL`);
    }
    // Relinking a parent whose path fixes that key, or whose own primary key it is, would move the parent.
    const keyOfParent = new Set(parent.ormAdapter.meta.primaryKey);
    if (relink && link.parentFields.some((field) => this.fixedFields.has(field) || keyOfParent.has(field))) {
      throw new TypeError(`relinkParent on "${path}": the parent's path or key holds the key a create would change`);
    }
    const chain = chainShape(parent.ormAdapter.model, link, place.parents[0]?.chain);
    return new Mount(child, {
      ...place,
      // A build's strategy is for the router's own collection: a nested one keeps its own markers.
      strategy: undefined,
      path: this.itemPath + path,
      parents: [
        { model: parent.ormAdapter.model, adapter: parent.ormAdapter, link, chain, pk, relink },
        ...place.parents,
      ],
      dependencies: [...place.dependencies, ...parent.dependencies, ...(options.dependencies ?? [])],
      docs: {
        tags: options.tags ?? place.docs.tags,
        hidden: place.docs.hidden || options.includeInSchema === false || options.hide === true,
        ...((options.deprecated ?? place.docs.deprecated) !== undefined && {
          deprecated: options.deprecated ?? place.docs.deprecated,
        }),
        responses: { ...place.docs.responses, ...options.responses },
      },
    });
  }
}

/** `schema` without `fields`; the same schema when it has none of them. */
function omit(schema: z.ZodObject, fields: ReadonlySet<string>): z.ZodObject {
  const drop: Record<string, true> = {};
  let any = false;
  for (const field of fields) {
    if (field in schema.shape) {
      drop[field] = true;
      any = true;
    }
  }
  return any ? schema.omit(drop as never) : schema;
}

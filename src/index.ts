/**
 * `ormcrud`: the core. It knows no ORM and no web framework: it turns
 * an {@link ORMAdapterBase} into a {@link CrudRouter} (plain data) that a
 * binding such as `ormcrud/fastify` registers.
 *
 * @example
 * ```ts
 * import { CRUDCollection } from 'ormcrud';
 * import { DrizzleAdapter } from 'ormcrud/drizzle';
 * import { toFastify } from 'ormcrud/fastify';
 *
 * const categories = new CRUDCollection({ ormAdapter: new DrizzleAdapter({ db, model: schema.category }) });
 * await app.register(toFastify(categories.getRouter({ prefix: '/categories', tags: ['categories'] })));
 * ```
 *
 * @module
 */

// The adapter contract; what an adapter is made of is in `ormcrud/adapter-kit`.
export { ORMAdapterBase } from './core/adapter.ts';
export type {
  FilterData,
  IncludeData,
  PkOf,
  PkValues,
  ReadOptions,
  Row,
  SortData,
  SortTerm,
  UpdateReturning,
  WriteData,
  WriteValue,
} from './core/adapter-data.ts';
// Collections and their configuration.
export { CRUDCollection, type NestedCollection } from './core/collection.ts';
export type { CRUDCollectionOptions } from './core/collection-options.ts';
export { type DecimalDigits, type IntegerRange, integerRange } from './core/column-bounds.ts';
export { type BoundHandler, type MarkedHandler, overrideDependencies } from './core/dependencies/bind.ts';
// Dependencies and markers: what a request resolves into.
export type { CallField, CrudCall } from './core/dependencies/call.ts';
export {
  type DependencyDocs,
  type DependencyParameter,
  documentDependency,
  type SecurityRequirement,
} from './core/dependencies/dependency-docs.ts';
export {
  CreateSchemaDependency,
  type DeclaredInputs,
  type DependencyMarker,
  type DependencyOverride,
  type DependencyOverrides,
  type DependencyOverridesInit,
  FilterSchemaDependency,
  IncludeSchemaDependency,
  type Marker,
  PaginatorDependency,
  ParentPKFieldsDependency,
  PKFieldsDependency,
  PublicListSchemaDependency,
  PublicSchemaDependency,
  ReplaceSignatureDependency,
  type ResolvedOverrides,
  type Resolver,
  SortSchemaDependency,
  UpdateSchemaDependency,
} from './core/dependencies/markers.ts';
export type { CrudRequest, Dependency } from './core/dependencies/request.ts';
// Errors.
export {
  ERROR_STATUS,
  type ErrorCode,
  type FieldError,
  HttpError,
  type HttpErrorOptions,
  NotFoundError,
  ParentNotFoundError,
  type Problem,
  toProblem,
} from './core/errors.ts';
export { DEFAULT_INCLUDE_LIMIT } from './core/include-limit.ts';
export type {
  FieldKind,
  FieldMeta,
  ForeignKeyMeta,
  ModelMeta,
  RelationMeta,
  TextFormat,
  ValueChecks,
} from './core/model-meta.ts';
// The OpenAPI document.
export {
  createOpenApiDocument,
  type OpenApiDocument,
  type OpenApiInfo,
  type OpenApiOptions,
} from './core/openapi/document.ts';
// Pagination.
export {
  type ListResult,
  type Page,
  PagePaginator,
  type PageSource,
  type PageWindow,
  PaginatorBase,
  PaginatorPage,
} from './core/paginator.ts';
export type { ParentLink, ParentRef } from './core/parent-scope.ts';
// Building routers: the table `add…Route` overrides receive, and where it is.
export {
  type ExtraContext,
  type ExtraHandler,
  type ExtraRouteOptions,
  ExtraRouteRegistrar,
  ExtraRoutes,
  type ExtraSchemas,
  type ExtraVerb,
} from './core/routing/extra-routes.ts';
export type { Mount } from './core/routing/mount.ts';
export type { MountDocs, MountPlace, ParentLevel, Strategy } from './core/routing/mount-place.ts';
export { NestedConfig, type NestedRouterOptions } from './core/routing/nesting.ts';
export type { RouteTable } from './core/routing/route-table.ts';
export type { CrudRoute, CrudRouter, HttpMethod, ResponseHeaders, RouteSchemas } from './core/routing/router.ts';
export type { GetRouterOptions } from './core/routing/router-builder.ts';
export { DatabaseError, type LoggableError, loggableError } from './core/safe-errors.ts';
// Schemas and field configuration.
export { CRUDConfigDict, type CRUDConfigInit } from './core/schemas/crud-config.ts';
export { type JsonSchema, toJsonSchema } from './core/schemas/json-schema.ts';
export { problemSchema } from './core/schemas/problem-schema.ts';

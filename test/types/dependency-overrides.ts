/**
 * `dependencyOverrides` takes an array of pairs mixing dependencies and plain functions, as an option, a
 * strategy's, a typed static and `overrideDependencies`' own; a `Map` of one kind of replacement as before.
 */
import {
  CRUDCollection,
  CreateSchemaDependency,
  type CrudRequest,
  type DependencyOverridesInit,
  type ORMAdapterBase,
  PKFieldsDependency,
  type PkValues,
  ReplaceSignatureDependency,
  UpdateSchemaDependency,
} from 'ormcrud';
import { z } from 'zod';

declare const ormAdapter: ORMAdapterBase;
const declared = new ReplaceSignatureDependency((req) => req.body, { body: z.object({ title: z.string() }) });
const plain = (req: CrudRequest) => req.body;

const collection = new CRUDCollection({
  ormAdapter,
  dependencyOverrides: [
    [UpdateSchemaDependency, declared],
    [CreateSchemaDependency, plain],
  ],
});
collection.getRouter({ strategy: { dependencyOverrides: [[CreateSchemaDependency, plain]] } });
collection.overrideDependencies({ markers: [PKFieldsDependency], fn: (pk: PkValues) => pk }, [
  [PKFieldsDependency, () => ({ id: 1 })],
  [CreateSchemaDependency, declared],
]);

class Statics extends CRUDCollection {
  static dependencyOverrides: DependencyOverridesInit = [
    [UpdateSchemaDependency, declared],
    [CreateSchemaDependency, plain],
  ];
}
new Statics({ ormAdapter, dependencyOverrides: new Map([[CreateSchemaDependency, plain]]) });

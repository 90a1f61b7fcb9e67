export * from './core/adapter.ts';
export * from './core/crud-config.ts';
export * from './core/errors.ts';
export * from './core/model-meta.ts';
export * from './core/paginator.ts';
export * from './core/parent-scope.ts';
export * from './core/request.ts';

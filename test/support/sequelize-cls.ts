/** Sequelize's CLS for tests that run ormcrud inside an app's Sequelize transaction. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Sequelize } from 'sequelize';

/** Sequelize's CLS over an `AsyncLocalStorage` (a namespace of cls-hooked's shape), until the test unsets it. */
export function useAsyncLocalStorageCls(): void {
  const store = new AsyncLocalStorage<Map<string, unknown>>();
  Sequelize.useCLS({
    run: (fn: (context: unknown) => unknown) => store.run(new Map(), () => fn(store.getStore())),
    bind: <F>(fn: F) => fn,
    get: (key: string) => store.getStore()?.get(key),
    set: (key: string, value: unknown) => store.getStore()?.set(key, value),
  });
}

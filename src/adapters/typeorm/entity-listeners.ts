/**
 * The TypeORM listeners of an entity's data events, which TypeORM calls
 * around its own finds and saves and the engine's statements never do.
 *
 * @module
 */
import type { EntityMetadata, EntitySubscriberInterface } from 'typeorm';
import type { EventListenerType } from 'typeorm/metadata/types/EventListenerTypes.js';
import { describeEntity } from './describe-entity.ts';
import { relationJoins } from './relations.ts';

/**
 * The events of what the routes do, by the subscriber method of each: reads load, creates insert, updates
 * update, deletes remove. Soft removes and recovers never happen (a soft-deleting entity is refused).
 */
const EVENTS = {
  'after-load': 'afterLoad',
  'before-insert': 'beforeInsert',
  'after-insert': 'afterInsert',
  'before-update': 'beforeUpdate',
  'after-update': 'afterUpdate',
  'before-remove': 'beforeRemove',
  'after-remove': 'afterRemove',
} as const satisfies Partial<Record<EventListenerType, keyof EntitySubscriberInterface>>;

/** An event the routes stand in for. */
export type DataEvent = keyof typeof EVENTS;

/** Every event the routes stand in for. */
export const DATA_EVENTS = Object.keys(EVENTS) as DataEvent[];

/** The decorator of a listener type: `@BeforeInsert` for `before-insert`. */
const decorator = (type: string) => `@${type.replace(/(^|-)(\w)/g, (_, _dash, c: string) => c.toUpperCase())}`;

/** Whether TypeORM calls `subscriber` for entities of `target`, as its broadcaster decides. */
function hears(subscriber: EntitySubscriberInterface, target: EntityMetadata['target']): boolean {
  const heard = subscriber.listenTo?.();
  return !heard || heard === Object || heard === target || Object.prototype.isPrototypeOf.call(heard, target);
}

/** A listener TypeORM would call: its method (`Account.hashPassword`), and its kind (`@BeforeInsert`, `subscriber`). */
export interface Listener {
  readonly method: string;
  readonly kind: string;
}

/**
 * The listeners of `events` on an entity: its own entity listeners, of its parents and embeddeds too, and
 * the data source's subscribers to it.
 *
 * @example
 * ```ts
 * skippedListeners(dataSource.getMetadata(Post), DATA_EVENTS); // []: Post has none
 * ```
 */
export function skippedListeners(metadata: EntityMetadata, events: readonly DataEvent[]): Listener[] {
  const wanted = new Set<string>(events);
  const own = metadata.listeners
    .filter((listener) => wanted.has(listener.type))
    .map((listener) => ({ method: `${metadata.name}.${listener.propertyName}`, kind: decorator(listener.type) }));
  const subscribed = metadata.connection.subscribers
    .filter((subscriber) => hears(subscriber, metadata.target))
    .flatMap((subscriber) =>
      events
        .map((event) => EVENTS[event])
        .filter((method) => subscriber[method] !== undefined)
        .map((method) => ({ method: `${subscriber.constructor.name}.${method}`, kind: 'subscriber' })),
    );
  return [...own, ...subscribed];
}

/**
 * Throws for an entity with listeners the engine's statements would skip: of its own data events, or of
 * loading an entity it includes (named with the relation).
 */
export function refuseListeners(metadata: EntityMetadata): void {
  const joins = relationJoins(metadata);
  const included = describeEntity(metadata).relations.flatMap((relation) => {
    const target = joins.get(relation.name)?.target;
    const heard = target ? skippedListeners(target, ['after-load']) : [];
    return heard.map(({ method, kind }) => `${method} (${kind}, on including "${relation.name}")`);
  });
  const own = skippedListeners(metadata, DATA_EVENTS).map(({ method, kind }) => `${method} (${kind})`);
  const skipped = [...own, ...included];
  if (skipped.length === 0) return;
  throw new TypeError(
    `TypeORMAdapter: "${metadata.name}" has TypeORM listeners the adapter's statements would skip: ` +
      `${skipped.join(', ')}; not supported (do their work in a handler override), or pass hooks: 'skip' ` +
      'to serve it without them',
  );
}

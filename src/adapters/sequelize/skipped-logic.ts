/**
 * What a Sequelize model runs around its own writes and finds that the
 * adapter's statements do not: its hooks and its Sequelize instance's, its
 * model-level `validate`, and the attribute validators no schema states
 * (see `validator-checks.ts`). A model with any is refused unless the app
 * says it knows they do not run.
 *
 * @module
 */
import { kindOf } from './describe-field.ts';
import type { AnyModel } from './model-class.ts';
import { validatorChecks } from './validator-checks.ts';

/** Hooks on no row of the model: definitions, connections, syncs, and the queries themselves. */
const ROWLESS_HOOKS: ReadonlySet<string> = new Set([
  'beforeDefine',
  'afterDefine',
  'beforeInit',
  'afterInit',
  'beforeAssociate',
  'afterAssociate',
  'beforeConnect',
  'afterConnect',
  'beforeDisconnect',
  'afterDisconnect',
  'beforePoolAcquire',
  'afterPoolAcquire',
  'beforeSync',
  'afterSync',
  'beforeBulkSync',
  'afterBulkSync',
  'beforeQuery',
  'afterQuery',
]);

/** A hook as Sequelize keeps it: the function, or a named one (`addHook(type, name, fn)`). */
type Hook = ((...args: never[]) => unknown) | { readonly name?: string; readonly fn: unknown };

/** The hooks on rows that `owner` (a model, a Sequelize instance) keeps, as `hook beforeCreate "name"`. */
function rowHooks(owner: object | undefined, whose: string): string[] {
  type Hooked = { options?: { hooks?: Record<string, readonly Hook[] | undefined> } };
  const hooks = (owner as Hooked | undefined)?.options?.hooks;
  return Object.entries(hooks ?? {})
    .filter(([type]) => !ROWLESS_HOOKS.has(type))
    .flatMap(([type, list = []]) =>
      list.map((hook) => {
        // A function keyed by its type (`hooks: { beforeCreate() {} }`) is named after it.
        const named = hook.name && hook.name !== type ? ` "${hook.name}"` : '';
        return `${whose}hook ${type}${named}`;
      }),
    );
}

/**
 * What the model runs that the adapter's statements would not, each named (`hook beforeCreate`,
 * `validator isEmail of email`, `model validator bothCoordsOrNone`); none: nothing is skipped.
 *
 * @example
 * ```ts
 * skippedLogic(models.user); // [] for the forum's users: no hooks, no validators
 * ```
 */
export function skippedLogic(model: AnyModel): string[] {
  const validate = (model.options as { validate?: object }).validate ?? {};
  return [
    ...rowHooks(model, ''),
    ...rowHooks(model.sequelize, "the Sequelize instance's "),
    ...Object.entries(model.getAttributes()).flatMap(([name, attribute]) =>
      validatorChecks(attribute.validate, kindOf(attribute)).unstated.map((check) => `validator ${check} of ${name}`),
    ),
    ...Object.keys(validate).map((name) => `model validator ${name}`),
  ];
}

/**
 * Throws for a model that runs what the adapter's statements would skip ({@link skippedLogic}), naming
 * each, and the option by which the app says it knows.
 */
export function refuseSkippedLogic(model: AnyModel): void {
  const skipped = skippedLogic(model);
  if (skipped.length === 0) return;
  throw new TypeError(
    `SequelizeAdapter: ${model.name} runs what the adapter's statements would not: ${skipped.join(', ')}. ` +
      'Not supported: do it in a createOneHandler or updateOneHandler override (or a dependency), or pass ' +
      "hooks: 'skip' to serve the model knowing they do not run",
  );
}

/**
 * A write of the engine's own transaction that the database undid for a
 * conflict with another (a deadlock) runs again after a short random pause,
 * so that concurrent writes of one row are answered as they are on a database
 * that orders them by waiting.
 *
 * @module
 */
import type { Deadline } from './database-wait.ts';

/** Times a write runs at most, the first included. */
const CONFLICT_ATTEMPTS = 3;

/**
 * Runs `attempt` again while it fails with an error `conflict` recognises, up
 * to {@link CONFLICT_ATTEMPTS} times, unless the caller gave up meanwhile;
 * then the last error stands.
 *
 * @example
 * ```ts
 * const written = await retryConflicts(
 *   () => session.transaction((tx) => tx.run(statement, [])),
 *   (error) => (error as { code?: unknown }).code === '40P01',
 *   NO_DEADLINE,
 * );
 * ```
 */
export async function retryConflicts<R>(
  attempt: () => Promise<R>,
  conflict: (error: unknown) => boolean,
  deadline: Deadline,
): Promise<R> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= CONFLICT_ATTEMPTS || !conflict(error)) throw error;
    }
    // Jittered, so the writes that deadlocked together do not meet again.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * tries));
    deadline.beforeCommit();
  }
}

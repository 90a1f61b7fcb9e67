/**
 * The calls of one database handle still waiting on it, checked by one timer
 * per handle rather than one per call: the timer is armed for the soonest a
 * waiting call can be due, and a call that is answered only empties its slot.
 *
 * @module
 */
import { Answers, RESOLUTION_MS } from './handle-answers.ts';

/** A call waiting on its database, as the watch sees it. */
export interface Waiting {
  /** The number in the handle's {@link Answers} of the call's latest step: its start, a statement queued or answered. */
  readonly step: number;
  /** `performance.now()` at that step. */
  readonly began: number;
  /** Where the watch keeps it: its own count of calls watched. */
  readonly slot: number;
  readonly timeoutMs: number;
  /** The call is due: it gives up. */
  expire(): void;
}

/** The waiting calls of one handle and the timer that gives up on those due. */
export class Watch {
  readonly answers = new Answers();
  /** The calls still waiting, in order: index `i` holds slot `#first + i`; an answered call leaves a hole. */
  readonly #waiting: (Waiting | undefined)[] = [];
  #first = 0;
  #timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (`performance.now()` time). */
  #firesAt = Number.POSITIVE_INFINITY;

  /** The slot of the next call {@link add} watches. */
  get nextSlot(): number {
    return this.#first + this.#waiting.length;
  }

  /** Watches `wait`, in slot {@link nextSlot}; arms the timer if it would fire after `wait` is due. */
  add(wait: Waiting): void {
    this.#waiting.push(wait);
    const due = wait.began + wait.timeoutMs;
    if (due < this.#firesAt) this.#arm(wait.timeoutMs, due);
  }

  /** `wait` was answered at `now`. */
  answered(wait: Waiting, now: number): void {
    this.#release(wait);
    this.answers.answered(wait.step, now);
  }

  /** Empties `wait`'s slot, then drops the empty slots at the front. */
  #release(wait: Waiting): void {
    const waiting = this.#waiting;
    const slot = wait.slot - this.#first;
    if (waiting[slot] === wait) waiting[slot] = undefined;
    while (waiting.length > 0 && waiting[0] === undefined) {
      waiting.shift();
      this.#first++;
    }
  }

  #arm(ms: number, at: number): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#firesAt = at;
    this.#timer = setTimeout(this.#fire, ms).unref();
  }

  // Timers run before I/O: read the answers that came while the event loop was busy first.
  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#firesAt = Number.POSITIVE_INFINITY;
    setImmediate(this.#sweep);
  };

  /** Gives up on every call now due; re-arms for the soonest of the others. */
  readonly #sweep = (): void => {
    const now = performance.now();
    let soonest = Number.POSITIVE_INFINITY;
    for (const wait of this.#waiting.slice()) {
      if (!wait) continue;
      const due = Math.max(wait.began, this.answers.lastBefore(wait.step)) + wait.timeoutMs;
      if (due > now) soonest = Math.min(soonest, due);
      else {
        this.#release(wait);
        wait.expire();
      }
    }
    if (soonest >= this.#firesAt) return;
    const ms = Math.max(soonest - now, RESOLUTION_MS);
    this.#arm(ms, now + ms);
  };
}

const watches = new WeakMap<object, Watch>();

/** The watch of the database known by `handle`, made on its first call. */
export function watchOf(handle: object): Watch {
  let watch = watches.get(handle);
  if (!watch) {
    watch = new Watch();
    watches.set(handle, watch);
  }
  return watch;
}

/**
 * `waitOnDatabase` from `ormcrud/adapter-kit`: a call the database never
 * answers gives up with a 503 after its own timeout, also when calls with a
 * longer timeout wait on the same handle; a handle that keeps answering
 * earlier calls keeps a later one waiting; an answered call is not given up;
 * what the work fails with goes through the translation it is given.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitOnDatabase } from 'ormcrud/adapter-kit';

const never = () => new Promise<never>(() => {});
// The wait's timer does not hold the process open (a real call's socket does): this interval stands in for it.
const alive = setInterval(() => {}, 1000);
after(() => clearInterval(alive));

/** How long `promise` took to settle, and how. */
async function settled(promise: Promise<unknown>): Promise<{ ms: number; error?: { status?: number; code?: string } }> {
  const start = performance.now();
  try {
    await promise;
    return { ms: performance.now() - start };
  } catch (error) {
    return { ms: performance.now() - start, error: error as { status?: number; code?: string } };
  }
}

test('an unanswered call gives up with 503 after its timeout, whatever else waits on the handle', async () => {
  const handle = {};
  const long = waitOnDatabase(handle, 5000, never);
  long.catch(() => {});
  const short = await settled(waitOnDatabase(handle, 200, never));
  assert.equal(short.error?.status, 503);
  assert.equal(short.error?.code, 'service_unavailable');
  assert.ok(short.ms >= 190 && short.ms < 2000, `${short.ms} ms`);
});

test('an answered call resolves and is not given up later', async () => {
  const handle = {};
  const value = await waitOnDatabase(handle, 100, async () => 'row');
  assert.equal(value, 'row');
  const late = await settled(waitOnDatabase(handle, 100, () => sleep(20, 'row')));
  assert.equal(late.error, undefined);
  // The handle's timer fires inside this test: a failure in its sweep of answered calls would fail it.
  await sleep(250);
});

test('a call queued behind earlier calls that keep being answered waits past its timeout', async () => {
  const handle = {};
  // Ten calls begun first and answered 100 ms apart: the database is busy, not dead.
  const earlier = Array.from({ length: 10 }, (_, i) => waitOnDatabase(handle, 300, () => sleep(100 * (i + 1))));
  const queued = await settled(waitOnDatabase(handle, 300, () => sleep(1100)));
  await Promise.all(earlier);
  assert.equal(queued.error, undefined, 'the queued call was given up');
  assert.ok(queued.ms >= 1090, `${queued.ms} ms`);
});

test('a call begun after the last answer gives up once its timeout passes with no answer', async () => {
  const handle = {};
  await waitOnDatabase(handle, 300, () => sleep(10));
  const stuck = await settled(waitOnDatabase(handle, 300, never));
  assert.equal(stuck.error?.status, 503);
  assert.ok(stuck.ms >= 290 && stuck.ms < 2000, `${stuck.ms} ms`);
});

test('what the work fails with goes through translate, with or without a timeout; the 503 does not', async () => {
  const translate = (error: unknown) => new Error(`translated: ${(error as Error).message}`);
  const failing = async () => {
    throw new Error('driver');
  };
  for (const timeoutMs of [300, Number.POSITIVE_INFINITY]) {
    const { error } = await settled(waitOnDatabase({}, timeoutMs, failing, translate));
    assert.equal((error as Error | undefined)?.message, 'translated: driver');
  }
  const thrown = await settled(
    waitOnDatabase(
      {},
      300,
      () => {
        throw new Error('at once');
      },
      translate,
    ),
  );
  assert.equal((thrown.error as Error | undefined)?.message, 'translated: at once');
  const stuck = await settled(waitOnDatabase({}, 100, never, translate));
  assert.equal(stuck.error?.code, 'service_unavailable');
});

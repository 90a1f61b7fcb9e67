/**
 * Fault injection on a PostgreSQL server of the test's own, for every ORM: the
 * forum app under a steady stream of concurrent creates and reads while the
 * server is stopped (`pg_ctl stop -m fast`) and started again, then frozen
 * (SIGSTOP) and thawed. While it is down or frozen every failure is a 503
 * problem with Retry-After and no request waits past the timeout; the app
 * recovers without a restart; every create acknowledged with a 201 is in the
 * database afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { createForumApp } from '../../examples/forum/app.ts';
import { drizzleTarget } from '../fixtures/drizzle/target.ts';
import { sequelizeTarget } from '../fixtures/sequelize/target.ts';
import { typeormTarget } from '../fixtures/typeorm/target.ts';
import type { DatabaseTarget } from '../support/databases.ts';
import { call } from '../support/forum-suite.ts';
import type { ForumHarness, ForumTarget } from '../support/forum-target.ts';
import { PostgresInstance, postgresBin } from '../support/postgres-instance.ts';

const TIMEOUT_MS = 1000;
/** What a loaded machine may add to the timeout before a request counts as hanging. */
const SLACK_MS = 1500;
const WORKERS = 8;

type Phase = 'up' | 'down' | 'restarted' | 'frozen' | 'thawed';

interface Outcome {
  readonly phase: Phase;
  readonly method: 'GET' | 'POST';
  readonly status: number;
  readonly ms: number;
  /** A 503 with problem+json and Retry-After. */
  readonly unavailable: boolean;
  /** The row a create was acknowledged for, or meant to write. */
  readonly row?: { readonly id?: number; readonly name: string };
}

/** A steady stream of creates and reads from `WORKERS` clients, each outcome tagged with the phase it began in. */
class Load {
  phase: Phase = 'up';
  readonly outcomes: Outcome[] = [];
  #running = true;
  readonly #workers: Promise<void>[];

  constructor(
    readonly app: FastifyInstance,
    readonly prefix: string,
  ) {
    this.#workers = Array.from({ length: WORKERS }, (_, w) => this.#work(w));
  }

  async #work(worker: number): Promise<void> {
    let lastId = 1;
    for (let n = 0; this.#running; n++) {
      const name = `${this.prefix}-${worker}-${n}`;
      const created = await this.#send('POST', '/categories', { name });
      if (created.status === 201) lastId = created.row?.id as number;
      await this.#send('GET', `/categories/${lastId}`);
      await sleep(20);
    }
  }

  async #send(method: 'GET' | 'POST', url: string, payload?: { name: string }): Promise<Outcome> {
    const phase = this.phase;
    const start = performance.now();
    // The forum's writes need a user: user 1 administers it.
    const res = await call(this.app, method, url, payload, { authorization: 'Bearer user-1' });
    const unavailable =
      res.status === 503 &&
      String(res.headers['content-type']).startsWith('application/problem+json') &&
      res.headers['retry-after'] === '1' &&
      res.body.code === 'service_unavailable';
    const outcome: Outcome = {
      phase,
      method,
      status: res.status,
      ms: performance.now() - start,
      unavailable,
      ...(payload && { row: { id: res.status === 201 ? res.body.id : undefined, name: payload.name } }),
    };
    this.outcomes.push(outcome);
    return outcome;
  }

  /** Waits until `count` requests begun in `phase` succeeded. */
  async succeeded(phase: Phase, count: number, ms = 15_000): Promise<void> {
    const end = Date.now() + ms;
    while (this.outcomes.filter((o) => o.phase === phase && o.status < 300).length < count) {
      if (Date.now() > end) throw new Error(`no recovery in phase ${phase}`);
      await sleep(50);
    }
  }

  async stop(): Promise<void> {
    this.#running = false;
    await Promise.all(this.#workers);
  }
}

const bin = postgresBin();

describe('database outages', { skip: bin ? false : 'no PostgreSQL binaries under /usr/lib/postgresql' }, () => {
  let server: PostgresInstance;
  const totals = { requests: 0, faults: 0, acknowledged: 0, lost: 0, unacknowledgedLanded: 0 };

  before(async () => {
    server = await PostgresInstance.create(bin as string);
  });
  after(async () => {
    await server?.destroy();
  });

  const targets: ((target: DatabaseTarget) => ForumTarget)[] = [drizzleTarget, typeormTarget, sequelizeTarget];
  for (const makeTarget of targets) {
    const orm = makeTarget({ dialect: 'postgres', url: '' }).name.split('/')[0] as string;

    test(`${orm}: stopped, restarted, frozen and thawed under load, it answers 503 and recovers; no acknowledged write is lost`, async (t) => {
      const harness: ForumHarness = await makeTarget({ dialect: 'postgres', url: server.url }).open({
        timeoutMs: TIMEOUT_MS,
      });
      const app = await createForumApp(harness.adapters);
      try {
        await harness.reset();
        await app.ready();
        const load = new Load(app, orm);
        await load.succeeded('up', 20);

        load.phase = 'down';
        await server.stop('fast');
        await sleep(1000);
        load.phase = 'restarted';
        await server.start();
        await load.succeeded('restarted', 20);

        load.phase = 'frozen';
        server.freeze();
        // Two timeouts and some: a worker's request in flight at the freeze times out, its next one in the freeze.
        await sleep(2 * TIMEOUT_MS + 1000);
        server.thaw();
        load.phase = 'thawed';
        await load.succeeded('thawed', 20);
        await load.stop();

        const { outcomes } = load;
        const during = (phase: Phase) => outcomes.filter((o) => o.phase === phase);
        for (const o of outcomes) {
          assert.ok(o.status < 300 || o.unavailable, `${o.method} in phase ${o.phase}: ${o.status}, not a 503 problem`);
        }
        assert.ok(
          during('down').some((o) => o.unavailable),
          'the stopped database answered 503',
        );
        assert.ok(
          during('frozen').some((o) => o.unavailable),
          'the frozen database answered 503',
        );
        const slowest = Math.max(...outcomes.map((o) => o.ms));
        assert.ok(slowest < TIMEOUT_MS + SLACK_MS, `a request waited ${Math.round(slowest)} ms`);

        // Every create answered 201 is stored, as answered.
        const stored = new Map(
          (await harness.sql('SELECT "id", "name" FROM "category"')).map((r) => [Number(r.id), r.name]),
        );
        const acknowledged = outcomes.filter((o) => o.status === 201);
        const lost = acknowledged.filter((o) => stored.get(o.row?.id as number) !== o.row?.name);
        assert.deepEqual(lost, [], 'acknowledged writes missing from the database');
        const names = new Set(stored.values());
        const landed = outcomes.filter((o) => o.method === 'POST' && o.unavailable && names.has(o.row?.name));

        const faults = outcomes.filter((o) => o.unavailable).length;
        totals.requests += outcomes.length;
        totals.faults += faults;
        totals.acknowledged += acknowledged.length;
        totals.lost += lost.length;
        totals.unacknowledgedLanded += landed.length;
        const count = (phase: Phase) =>
          `${during(phase).length} sent (${during(phase).filter((o) => o.unavailable).length} 503)`;
        t.diagnostic(
          `${orm}: ${outcomes.length} requests; up ${count('up')}, down ${count('down')}, restarted ${count('restarted')}, ` +
            `frozen ${count('frozen')}, thawed ${count('thawed')}; slowest ${Math.round(slowest)} ms ` +
            `(timeout ${TIMEOUT_MS} ms); ${acknowledged.length} acknowledged writes checked, ${lost.length} lost; ` +
            `${landed.length} creates answered 503 landed later`,
        );
      } finally {
        server.thaw();
        await app.close();
        await harness.close().catch(() => {});
      }
    });
  }

  test('totals', (t) => {
    t.diagnostic(
      `faults injected: 2 per ORM (stop/start, SIGSTOP/SIGCONT) x 3 ORMs; requests sent ${totals.requests}; ` +
        `503 answers ${totals.faults}; acknowledged writes checked ${totals.acknowledged}; rows lost ${totals.lost}; ` +
        `unacknowledged creates that landed ${totals.unacknowledgedLanded}`,
    );
  });
});

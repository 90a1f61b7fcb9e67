/**
 * A PostgreSQL server of the test's own, to stop, start and freeze: a cluster
 * made with `initdb` in a temporary folder, listening on a free port of
 * 127.0.0.1 (its socket in that folder too), never the machine's shared server.
 * As root (CI), the binaries run as the `postgres` user, since PostgreSQL
 * refuses to run as root.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest installed PostgreSQL's `bin` folder, if any. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The pids whose parent is `pid`, from `/proc`. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": the command may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

export class PostgresInstance {
  readonly port: number;
  readonly dir: string;
  readonly #bin: string;
  readonly #asPostgres: boolean;
  #frozen: number[] = [];

  private constructor(bin: string, dir: string, port: number) {
    this.#bin = bin;
    this.dir = dir;
    this.port = port;
    this.#asPostgres = process.getuid?.() === 0;
  }

  /** `initdb` a new cluster and start it. */
  static async create(bin: string): Promise<PostgresInstance> {
    const dir = mkdtempSync(join(tmpdir(), 'ormcrud-pg-'));
    const instance = new PostgresInstance(bin, dir, await freePort());
    if (instance.#asPostgres) chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), -1);
    await instance.#pg('initdb', ['-D', instance.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await instance.start();
    return instance;
  }

  get data(): string {
    return join(this.dir, 'data');
  }

  /** A URL for the cluster's `postgres` database. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${this.dir}`;
    await this.#pg('pg_ctl', ['start', '-w', '-D', this.data, '-l', join(this.dir, 'log'), '-o', options]);
  }

  /** `pg_ctl stop -m fast`: ends every session (their transactions roll back) and shuts down cleanly. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.#pg('pg_ctl', ['stop', '-w', '-m', mode, '-D', this.data]);
  }

  /** SIGSTOP to the postmaster, then to every process it started: the server stops answering. */
  freeze(): void {
    const postmaster = Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGSTOP');
    const children = childrenOf(postmaster);
    for (const pid of children) process.kill(pid, 'SIGSTOP');
    this.#frozen = [postmaster, ...children];
  }

  /** SIGCONT to every frozen process. */
  thaw(): void {
    for (const pid of this.#frozen.reverse()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    this.#frozen = [];
  }

  /** Stops the server if it runs (thawing it first) and removes its folder. */
  async destroy(): Promise<void> {
    this.thaw();
    if (existsSync(join(this.data, 'postmaster.pid'))) await this.stop('immediate').catch(() => {});
    rmSync(this.dir, { recursive: true, force: true });
  }

  async #pg(tool: string, args: string[]): Promise<void> {
    const path = join(this.#bin, tool);
    if (this.#asPostgres) await run('runuser', ['-u', 'postgres', '--', path, ...args]);
    else await run(path, args);
  }
}

/**
 * Starts a server in its own process and waits for its `READY` line; a server
 * that exits or stays silent is reported with the tail of its output. Every
 * server gets the same pool settings (`POOL_SIZE`, `POOL_IDLE_MS`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { config } from '../config.ts';
import type { ServerDef } from './servers.ts';

export interface RunningServer {
  def: ServerDef;
  port: number;
  pid: number;
  url: string;
  /** The last few KiB the process wrote, for reporting a failure. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** How long to wait for `READY`. */
  timeoutMs?: number;
  /** A command the server runs under, its arguments before Node's (`['valgrind', '--tool=callgrind']`). */
  wrapper?: readonly string[];
}

export async function startServer(
  def: ServerDef,
  port: number,
  databaseUrl: string,
  { timeoutMs = 60_000, wrapper = [] }: StartOptions = {},
): Promise<RunningServer> {
  const [command = process.execPath, ...args] = [...wrapper, process.execPath, ...def.args];
  const child: ChildProcess = spawn(command, args, {
    env: {
      ...process.env,
      ...def.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      POOL_SIZE: String(config.poolSize),
      POOL_IDLE_MS: String(config.poolIdleMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stderr?.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no READY within ${timeoutMs / 1000} s`), timeoutMs);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      const lines = output.trim().split('\n');
      const cause = lines.find((line) => /error/i.test(line)) ?? lines.at(-1) ?? '';
      reject(new Error(`${why}: ${cause.trim()}\n${lines.slice(-8).join('\n')}`));
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      collect(chunk);
      if (output.includes('READY ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => fail(`exited with code ${code}`));
  });
  child.removeAllListeners('exit');
  child.stdout?.resume();
  return {
    def,
    port,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** A port that is free on the loopback right now (the machine is shared: fixed ports may be taken). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

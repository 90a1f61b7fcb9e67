/**
 * A TCP proxy in front of PostgreSQL that counts the statements clients send:
 * every simple-protocol Query ('Q') and extended-protocol Execute ('E') message.
 * It sees every ORM and driver alike, which pg_stat_statements would too, but
 * that extension needs `shared_preload_libraries`, which the bench cannot set.
 * Used only in the counting pass, never while throughput is measured.
 */
import net from 'node:net';

export interface CounterProxy {
  port: number;
  count(): number;
  reset(): void;
  close(): Promise<void>;
}

/** Walks client→server bytes message by message; the first message (startup) has no type byte. */
function messageCounter(onStatement: () => void) {
  let buffer: Buffer = Buffer.alloc(0);
  let started = false;
  return (chunk: Buffer) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 4) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (code !== 80877103) started = true; // 80877103: SSLRequest, followed by the real startup
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      const type = buffer[0];
      if (type === 0x51 || type === 0x45) onStatement(); // 'Q' | 'E'
      buffer = buffer.subarray(length + 1);
    }
  };
}

export async function startCounterProxy(targetPort = 5432, host = '127.0.0.1'): Promise<CounterProxy> {
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, host);
    sockets.add(client).add(upstream);
    const count = messageCounter(() => statements++);
    client.on('data', (chunk: Buffer) => {
      count(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    count: () => statements,
    reset: () => {
      statements = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

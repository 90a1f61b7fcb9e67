/**
 * A TCP proxy in front of a database server, for network faults without
 * touching the server: every chunk delayed (a slow link), or the connections
 * open so far black-holed (a partition that sends no FIN or RST) while new
 * ones get through.
 */
import net from 'node:net';

interface Link {
  readonly client: net.Socket;
  readonly server: net.Socket;
  /** Its bytes are swallowed, both ways. */
  dead: boolean;
}

export class TcpProxy {
  /** Milliseconds each chunk waits before it is passed on, either way. */
  delayMs = 0;
  readonly #links = new Set<Link>();
  readonly #server = net.createServer((client) => this.#open(client));

  private constructor(readonly target: URL) {}

  /** A proxy listening on a free local port, in front of the server of `url`. */
  static async start(url: string): Promise<TcpProxy> {
    const proxy = new TcpProxy(new URL(url));
    await new Promise<void>((resolve) => proxy.#server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String((this.#server.address() as net.AddressInfo).port);
    return url.href;
  }

  /** The connections open now never hear from the server again, nor it from them; new ones pass. */
  partition(): void {
    for (const link of this.#links) link.dead = true;
  }

  async close(): Promise<void> {
    for (const link of this.#links) {
      link.client.destroy();
      link.server.destroy();
    }
    await new Promise((resolve) => this.#server.close(resolve));
  }

  #open(client: net.Socket): void {
    const server = net.connect(Number(this.target.port), this.target.hostname);
    const link: Link = { client, server, dead: false };
    this.#links.add(link);
    const pipe = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (link.dead) return;
        const send = () => to.destroyed || to.write(chunk);
        if (this.delayMs > 0) setTimeout(send, this.delayMs);
        else send();
      });
    pipe(client, server);
    pipe(server, client);
    const end = () => {
      client.destroy();
      server.destroy();
      this.#links.delete(link);
    };
    for (const socket of [client, server]) socket.on('error', end).on('close', end);
  }
}

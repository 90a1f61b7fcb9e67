/** Raw HTTP/1.1 exchanges, for what a client library would refuse to send. */
import assert from 'node:assert/strict';
import { connect } from 'node:net';

/** One raw HTTP/1.1 exchange over a new connection: the status, headers (lower-case names) and body the server wrote. */
export async function rawRequest(
  port: number,
  request: string,
): Promise<{ status: number; type: string; headers: Record<string, string>; body: unknown }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => {});
  socket.write(request);
  await new Promise((resolve) => socket.on('close', resolve));
  const text = Buffer.concat(chunks).toString('utf8');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, type, headers, body: type.includes('json') ? JSON.parse(body) : body };
}

/** Sends `request` raw and asserts the answer is a problem with `status` and `code` (and `detail`, if given). */
export async function assertRawProblem(
  port: number,
  request: string,
  status: number,
  code: string,
  detail?: string,
): Promise<void> {
  const res = await rawRequest(port, request);
  assert.equal(res.status, status, request.slice(0, 40));
  assert.match(res.type, /^application\/problem\+json/, request.slice(0, 40));
  const body = res.body as { status: number; code: string; detail: string };
  assert.deepEqual([body.status, body.code], [status, code]);
  if (detail !== undefined) assert.equal(body.detail, detail, request.slice(0, 40));
}

const closing = 'Host: x\r\nConnection: close';

/**
 * Raw requests every binding answers with the same problem: targets that are no path, methods no route takes;
 * with the detail where every binding gives the same.
 */
export const TARGET_CASES: readonly [string, number, string, string?][] = [
  [`OPTIONS * HTTP/1.1\r\n${closing}\r\n\r\n`, 400, 'bad_request'],
  [
    `POST a://b/tags HTTP/1.1\r\n${closing}\r\nContent-Type: application/json\r\nContent-Length: 12\r\n\r\n{"name":"A"}`,
    400,
    'bad_request',
  ],
  // A backslash: @hono/node-server makes no Request of it, Express would route it as a slash.
  [`GET /tags\\1 HTTP/1.1\r\n${closing}\r\n\r\n`, 400, 'bad_request', 'The URL path holds a backslash'],
  [`GET http://h/tags\\1 HTTP/1.1\r\n${closing}\r\n\r\n`, 400, 'bad_request', 'The URL path holds a backslash'],
  [`QUERY /tags HTTP/1.1\r\n${closing}\r\n\r\n`, 404, 'not_found'],
  [
    `PROPFIND /tags/1 HTTP/1.1\r\n${closing}\r\nContent-Type: application/json\r\nContent-Length: 1\r\n\r\n{`,
    404,
    'not_found',
  ],
  // A path no route serves still reads the body of a method that has one, as Fastify does.
  [
    `QUERY /nope HTTP/1.1\r\n${closing}\r\nContent-Type: application/json\r\nContent-Length: 1\r\n\r\n{`,
    422,
    'validation_failed',
  ],
  [
    `POST /nope HTTP/1.1\r\n${closing}\r\nContent-Type: application/json; charset=latin1\r\nContent-Length: 2\r\n\r\n{}`,
    415,
    'unsupported_media_type',
  ],
];

/** A create whose target has a fragment: its `Location` names the new row's path, without the fragment. */
export async function assertLocationLeavesFragmentOut(port: number, name: string): Promise<void> {
  const body = JSON.stringify({ name });
  const created = await rawRequest(
    port,
    `POST /tags#top HTTP/1.1\r\n${closing}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
  );
  assert.deepEqual([created.status, created.headers.location], [201, `/tags/${(created.body as { id: number }).id}`]);
}

/** A target's fragment holds no query, wherever its `?` is: the list pages as the query before `#` says. */
export async function assertFragmentHoldsNoQuery(port: number): Promise<void> {
  for (const [target, perPage] of [
    ['/tags#per_page=1', 20],
    ['/tags#x?per_page=1', 20],
    ['/tags#&per_page=1', 20],
    ['/tags?per_page=1#x', 1],
    ['/tags?per_page=1#&per_page=2', 1],
  ] as const) {
    const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\n${closing}\r\n\r\n`);
    assert.deepEqual([res.status, (res.body as { per_page: number }).per_page], [200, perPage], target);
  }
  const one = await rawRequest(port, `GET /tags/1#x?include=nothing HTTP/1.1\r\n${closing}\r\n\r\n`);
  assert.deepEqual([one.status, (one.body as { id: number }).id], [200, 1]);
}

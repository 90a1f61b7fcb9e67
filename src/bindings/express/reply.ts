/**
 * Writes a core reply on an Express response.
 *
 * @module
 */
import type { Request, Response } from 'express';
import type { HttpReply } from 'ormcrud/binding-kit';

/** Writes a reply (a HEAD's without its body); a body left unread (refused, or never wanted) closes the connection. */
export function write(req: Request, res: Response, { status, headers, body }: HttpReply): void {
  if (!req.complete) res.setHeader('connection', 'close');
  if (body !== undefined) res.setHeader('content-length', Buffer.byteLength(body));
  res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
}

// auth.ts: dependencies that read the request and end it with a problem when it may not go on.
import { type CrudRequest, HttpError } from 'ormcrud';

// A toy token scheme, `Authorization: Bearer user-<id>`; use your real session or JWT check here.
export function currentUserId(req: CrudRequest): number {
  const match = /^Bearer user-(\d{1,9})$/.exec(String(req.headers.authorization ?? ''));
  if (!match) throw new HttpError(401, 'Send "Authorization: Bearer user-<id>"');
  return Number(match[1]);
}

export function requireUser(req: CrudRequest): void {
  req.state.set('userId', currentUserId(req));
}

export function requireAdmin(req: CrudRequest): void {
  if (currentUserId(req) !== 1) throw new HttpError('forbidden', 'Only the admin may do this');
}

/**
 * The demo's authentication scheme, deliberately tiny and NOT for production:
 * `Authorization: Bearer user-<id>` names the current user. A missing or
 * malformed token is a 401 problem.
 */
import { type CrudRequest, HttpError } from 'ormcrud';

const TOKEN = /^Bearer user-(\d{1,9})$/;

/** The current user's id from the bearer token; throws 401 when there is none. */
export function currentUserId(req: CrudRequest): number {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? TOKEN.exec(header) : null;
  if (!match) throw new HttpError(401, 'Send "Authorization: Bearer user-<id>"');
  return Number(match[1]);
}

/** A dependency that only lets authenticated requests through. */
export const requireUser = (req: CrudRequest): void => {
  currentUserId(req);
};

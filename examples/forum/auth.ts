/**
 * The demo's authentication scheme, deliberately tiny and NOT for production:
 * `Authorization: Bearer user-<id>` names the current user. A missing or
 * malformed token is a 401 problem. Authorisation is real: every write needs
 * a user, and who may write what is decided in `app.ts`.
 */
import { type CrudRequest, type Dependency, documentDependency, HttpError, type ORMAdapterBase } from 'ormcrud';

const TOKEN = /^Bearer user-([1-9]\d{0,8})$/;

/** The current user's id from the bearer token; throws 401 when there is none. */
export function currentUserId(req: CrudRequest): number {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? TOKEN.exec(header) : null;
  if (!match) throw new HttpError(401, 'Send "Authorization: Bearer user-<id>"');
  return Number(match[1]);
}

/** A dependency that only lets authenticated requests through; documented as needing the bearer token. */
export const requireUser = documentDependency(
  (req: CrudRequest): void => {
    currentUserId(req);
  },
  { security: [{ bearer: [] }] },
);

/**
 * A dependency that only lets an administrator through: a user whose
 * `is_admin` flag is set in the database (the flag is read-only over HTTP).
 * Documented as needing the bearer token, and as answering 403.
 *
 * @example
 * ```ts
 * new CRUDCollection({ ormAdapter, createDependencies: [requireAdmin(adapters.user)] });
 * ```
 */
export function requireAdmin(users: ORMAdapterBase): Dependency {
  return documentDependency(
    async (req) => {
      const user = await users.getOne({ id: currentUserId(req) }, []);
      if (!user) throw new HttpError(401, 'No such user');
      if (user.is_admin !== true && user.is_admin !== 1) throw new HttpError(403, 'Only an administrator may do this');
    },
    { security: [{ bearer: [] }], errors: ['forbidden'] },
  );
}

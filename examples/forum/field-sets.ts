/**
 * The forum's field sets, the same on every ORM: which fields a client may
 * see and write. A model's configuration applies wherever the model is
 * serialised, its own routes and every `?include=` of it.
 */
import { CRUDConfigDict } from 'ormcrud';

/**
 * A user's secrets never leave the server (`excludeFields`: still accepted on
 * create, as a sign-up would set them), and only the database makes an
 * administrator (`readOnlyFields`: shown, never written through the API).
 */
export const userConfig = new CRUDConfigDict({
  excludeFields: ['password_hash', 'api_token'],
  readOnlyFields: ['is_admin'],
});

/**
 * A post keeps its thread and its author: PATCH changes the slug only, and
 * the author is never taken from a body (under `/users/me/posts` the URL sets it).
 */
export const postConfig = new CRUDConfigDict({ updateFields: ['slug'], readOnlyFields: ['author_id'] });

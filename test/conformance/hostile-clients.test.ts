/**
 * The forum against hostile clients, on every ORM × database: odd ids,
 * broken bodies, secrets in logs and responses, other users' rows, and random
 * requests from the OpenAPI document. One app per target serves every group
 * in order (a group that needs the seed as it was reseeds first), so the
 * whole runs in one process and one set of connections.
 */
import { describe } from 'node:test';
import { describeForum } from '../support/forum-suite.ts';
import { canonicalIds } from './hostile/canonical-ids.ts';
import { forumAccess } from './hostile/forum-access.ts';
import { fuzzing } from './hostile/fuzz.ts';
import { hiddenFields } from './hostile/hidden-fields.ts';
import { logRedaction } from './hostile/log-redaction.ts';
import { problemMessages } from './hostile/problem-messages.ts';

describeForum('hostile clients', (s) => {
  describe('every row has a URL, and every id in a URL one spelling', () => canonicalIds(s));
  describe('error messages a client can act on', () => problemMessages(s));
  describe('no value a client sent reaches a log', () => logRedaction(s));
  describe('the forum demo: who may write what', () => forumAccess(s));
  describe('no response ever shows an excluded field', () => hiddenFields(s));
  describe('the forum under fuzzing, driven by its OpenAPI document', () => fuzzing(s));
});

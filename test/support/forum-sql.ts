/**
 * The forum's DDL and seed, defined once in `examples/forum/sql.ts` (the demo
 * creates its SQLite file from it) and re-exported for the suites.
 */
export { forumDdl, forumSeed, forumSeedSql } from '../../examples/forum/sql.ts';

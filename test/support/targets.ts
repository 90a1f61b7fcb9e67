/** Every ORM × database the conformance suite runs on. */
import { drizzleTargets } from '../fixtures/drizzle/target.ts';
import { sequelizeTargets } from '../fixtures/sequelize/target.ts';
import { typeormTargets } from '../fixtures/typeorm/target.ts';
import type { ForumTarget } from './forum-target.ts';

export function forumTargets(): ForumTarget[] {
  return [...drizzleTargets(), ...typeormTargets(), ...sequelizeTargets()];
}

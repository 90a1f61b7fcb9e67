/** `npm run seed`: create and seed the bench database only. */
import { setupDatabase } from './db/setup.ts';

await setupDatabase((line) => console.log(line));

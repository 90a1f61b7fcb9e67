/**
 * The servers under test: how to start each, which wire format it speaks, and
 * whether it can run here at all.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Dialect } from './scenarios.ts';

const file = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
/** ormcrud's own zod (4; the bench's top-level zod is Platformatic's 3), as `link-library.ts` nests it. */
const zodOfLibrary = file('../node_modules/ormcrud/node_modules/zod/index.js');
/**
 * A server as production runs it: its JavaScript, compiled from `src/` into
 * `bench/dist/` by `npm run build:servers` (part of `npm run bench`), on plain
 * Node with no TypeScript loader. (Under tsx every server also carried tsx's
 * loader thread and the source maps it turns on, which grow with the number
 * of modules a server loads.)
 */
const compiled = (path: string) => [file(`../dist/${path.replace(/\.ts$/, '.js')}`)];

export interface ServerDef {
  name: string;
  description: string;
  dialect: Dialect;
  /** Node arguments of the server process. */
  args: string[];
  env?: Record<string, string>;
  /** Why it cannot run here, or undefined when it can. */
  unavailable?: () => string | undefined;
  /** A control rather than a contender: it runs only when `BENCH_SERVERS` names it. */
  optIn?: boolean;
}

/** The baseline every ratio is taken against. */
export const BASELINE = 'hand-prepared';

export const SERVERS: ServerDef[] = [
  {
    name: 'ormcrud',
    description: 'ormcrud + Drizzle + Fastify',
    dialect: 'crud',
    args: compiled('servers/ormcrud/server.ts'),
  },
  {
    // Slot for ormcrud on TypeORM: it runs as soon as this file exists.
    name: 'ormcrud-typeorm',
    description: 'ormcrud + TypeORM + Fastify',
    dialect: 'crud',
    args: compiled('servers/ormcrud-typeorm/server.ts'),
    unavailable: () =>
      existsSync(file('servers/ormcrud-typeorm/server.ts'))
        ? undefined
        : 'slot reserved: src/servers/ormcrud-typeorm/server.ts is not written yet',
  },
  {
    name: 'ormcrud-sequelize',
    description: 'ormcrud + Sequelize + Fastify',
    dialect: 'crud',
    args: compiled('servers/ormcrud-sequelize/server.ts'),
  },
  {
    name: 'hand-plain',
    description: 'hand-written Fastify 5 + Drizzle 0.45, queries built per request',
    dialect: 'crud',
    args: compiled('servers/handwritten/server.ts'),
    env: { MODE: 'plain' },
  },
  {
    name: 'hand-prepared',
    description: 'hand-written Fastify 5 + Drizzle 0.45, prepared statements',
    dialect: 'crud',
    args: compiled('servers/handwritten/server.ts'),
    env: { MODE: 'prepared' },
  },
  {
    // The memory control: `hand-prepared` with the zod 4 that ormcrud
    // loads, imported before the server starts and never used. Its peak RSS
    // minus hand-prepared's is what the schema library alone costs.
    name: 'hand-prepared-zod',
    description: 'hand-prepared with zod 4 imported and unused (memory control)',
    dialect: 'crud',
    args: ['--import', pathToFileURL(zodOfLibrary).href, ...compiled('servers/handwritten/server.ts')],
    env: { MODE: 'prepared' },
    optIn: true,
  },
  {
    // The route-surface control: ormcrud serving only the operations
    // the scenarios call, as the hand-written servers do, with the others
    // disabled. Its peak RSS against ormcrud's is what the full CRUD
    // surface of five mount points costs.
    name: 'ormcrud-narrow',
    description: 'ormcrud with only the benchmarked operations enabled (route-surface control)',
    dialect: 'crud',
    args: compiled('servers/ormcrud/server.ts'),
    env: { SURFACE: 'benchmarked' },
    optIn: true,
  },
  {
    name: 'ormcrud-hono',
    description: 'ormcrud + Drizzle + Hono 4 (@hono/node-server)',
    dialect: 'crud',
    args: compiled('servers/ormcrud-hono/server.ts'),
  },
  {
    // ormcrud-narrow on Hono, whose router matches in time that grows with the
    // number of routes: what the route surface costs there.
    name: 'ormcrud-hono-narrow',
    description: 'ormcrud on Hono with only the benchmarked operations enabled (route-surface control)',
    dialect: 'crud',
    args: compiled('servers/ormcrud-hono/server.ts'),
    env: { SURFACE: 'benchmarked' },
    optIn: true,
  },
  {
    name: 'hand-hono',
    description: 'hand-written Hono 4 (@hono/node-server) + Drizzle 0.45, prepared statements',
    dialect: 'crud',
    args: compiled('servers/handwritten-neutral/hono-server.ts'),
  },
  {
    name: 'ormcrud-express',
    description: 'ormcrud + Drizzle + Express 5',
    dialect: 'crud',
    args: compiled('servers/ormcrud-express/server.ts'),
  },
  {
    name: 'hand-express',
    description: 'hand-written Express 5 + Drizzle 0.45, prepared statements',
    dialect: 'crud',
    args: compiled('servers/handwritten-neutral/express-server.ts'),
  },
  {
    name: 'platformatic',
    description: 'Platformatic DB 2 (REST, auto-generated)',
    dialect: 'platformatic',
    args: compiled('servers/platformatic/server.ts'),
  },
  {
    name: 'nest-dataui',
    description: 'NestJS 10 + @dataui/crud + TypeORM 0.3 (Express)',
    dialect: 'nest',
    args: [file('servers/nest/dist/main.js')],
    unavailable: () =>
      existsSync(file('servers/nest/dist/main.js')) ? undefined : 'not built (npm run build:nest failed)',
  },
];

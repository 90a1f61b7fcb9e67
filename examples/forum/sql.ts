/**
 * The forum's tables, written once per SQL dialect and shared by the demo and
 * every ORM's test fixture (through `test/support/forum-sql.ts`), so all
 * adapters map onto the very same schema; and its seed rows.
 */

/** The SQL dialects the forum's DDL is written for. */
export type Dialect = 'sqlite' | 'postgres' | 'mysql';

const TABLES = ['post_translation_tag', 'post_translation', 'tag', 'post', 'thread', 'category', 'user'] as const;

const types = {
  sqlite: {
    id: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    now: 'TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP',
    flag: 'BOOLEAN NOT NULL DEFAULT 0',
    q: '"',
  },
  postgres: {
    id: 'SERIAL PRIMARY KEY',
    now: 'TIMESTAMPTZ(3) NOT NULL DEFAULT now()',
    flag: 'BOOLEAN NOT NULL DEFAULT false',
    q: '"',
  },
  mysql: {
    id: 'INTEGER AUTO_INCREMENT PRIMARY KEY',
    now: 'DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)',
    flag: 'BOOLEAN NOT NULL DEFAULT false',
    q: '`',
  },
} as const;

/** `DROP` then `CREATE` statements for the whole forum, in dependency order. */
export function forumDdl(dialect: Dialect): string[] {
  const { id, now, flag, q } = types[dialect];
  const t = (name: string) => `${q}${name}${q}`;
  return [
    ...TABLES.map((name) => `DROP TABLE IF EXISTS ${t(name)}`),
    `CREATE TABLE ${t('user')} (id ${id}, username VARCHAR(50) NOT NULL UNIQUE,
      password_hash VARCHAR(100) NULL, api_token VARCHAR(64) NULL UNIQUE, is_admin ${flag})`,
    `CREATE TABLE category (id ${id}, name VARCHAR(100) NOT NULL, created_at ${now}, updated_at ${now})`,
    `CREATE TABLE thread (id ${id}, category_id INTEGER NOT NULL REFERENCES category (id), title VARCHAR(200) NOT NULL)`,
    `CREATE TABLE post (id ${id}, thread_id INTEGER NOT NULL REFERENCES thread (id),
      author_id INTEGER NULL REFERENCES ${t('user')} (id), slug VARCHAR(100) NOT NULL UNIQUE,
      created_at ${now}, updated_at ${now})`,
    `CREATE TABLE tag (id ${id}, name VARCHAR(50) NOT NULL UNIQUE)`,
    `CREATE TABLE post_translation (post_id INTEGER NOT NULL REFERENCES post (id), language VARCHAR(8) NOT NULL,
      body TEXT NOT NULL, created_at ${now}, updated_at ${now}, PRIMARY KEY (post_id, language))`,
    `CREATE TABLE post_translation_tag (post_id INTEGER NOT NULL, language VARCHAR(8) NOT NULL,
      tag_id INTEGER NOT NULL REFERENCES tag (id), PRIMARY KEY (post_id, language, tag_id),
      FOREIGN KEY (post_id, language) REFERENCES post_translation (post_id, language))`,
  ];
}

/**
 * Seed rows, by table, in insertion order. Ids are explicit so tests can name
 * them. Every user has secrets that must never leave the server; ada administers.
 */
export const forumSeed = {
  user: [
    { id: 1, username: 'ada', password_hash: 'pbkdf2$ada-SECRET-hash', api_token: 'tok-ada-SECRET', is_admin: true },
    {
      id: 2,
      username: 'brian',
      password_hash: 'pbkdf2$brian-SECRET-hash',
      api_token: 'tok-brian-SECRET',
      is_admin: false,
    },
    { id: 3, username: 'carol', password_hash: 'pbkdf2$carol-SECRET-hash', api_token: null, is_admin: false },
  ],
  category: [
    { id: 1, name: 'General' },
    { id: 2, name: 'Help' },
    { id: 3, name: 'Off-topic' },
  ],
  thread: [
    { id: 1, category_id: 1, title: 'Welcome' },
    { id: 2, category_id: 1, title: 'Rules' },
    { id: 3, category_id: 2, title: 'Install fails' },
  ],
  post: [
    { id: 1, thread_id: 1, author_id: 1, slug: 'hello' },
    { id: 2, thread_id: 1, author_id: 2, slug: 'hi-there' },
    { id: 3, thread_id: 2, author_id: 1, slug: 'be-nice' },
    { id: 4, thread_id: 3, author_id: null, slug: 'npm-error' },
  ],
  tag: [
    { id: 1, name: 'intro' },
    { id: 2, name: 'meta' },
  ],
  post_translation: [
    { post_id: 1, language: 'en', body: 'Hello' },
    { post_id: 1, language: 'fr', body: 'Bonjour' },
    { post_id: 3, language: 'en', body: 'Be nice' },
  ],
  post_translation_tag: [
    { post_id: 1, language: 'en', tag_id: 1 },
    { post_id: 1, language: 'en', tag_id: 2 },
    { post_id: 1, language: 'fr', tag_id: 1 },
  ],
} as const;

/** Parameterised `INSERT`s for the seed, plus the sequence fix-ups PostgreSQL needs after explicit ids. */
export function forumSeedSql(dialect: Dialect): { sql: string; params: unknown[] }[] {
  const q = types[dialect].q;
  const statements: { sql: string; params: unknown[] }[] = [];
  for (const [table, rows] of Object.entries(forumSeed)) {
    for (const row of rows) {
      const columns = Object.keys(row);
      const marks = columns.map((_, i) => (dialect === 'postgres' ? `$${i + 1}` : '?'));
      statements.push({
        sql: `INSERT INTO ${q}${table}${q} (${columns.join(', ')}) VALUES (${marks.join(', ')})`,
        // Booleans as 1/0: not every driver binds a boolean (better-sqlite3 does not).
        params: Object.values(row).map((value) => (typeof value === 'boolean' ? Number(value) : value)),
      });
    }
  }
  if (dialect === 'postgres') {
    for (const table of ['user', 'category', 'thread', 'post', 'tag']) {
      statements.push({
        sql: `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT max(id) FROM "${table}"))`,
        params: [],
      });
    }
  }
  return statements;
}

// db.ts: a new in-memory SQLite database with the documentation's tables and a few rows.
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from './schema.ts';

export async function openDatabase() {
  const client = createClient({ url: ':memory:' });
  await client.executeMultiple(`
    PRAGMA foreign_keys = ON;
    CREATE TABLE user (id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL);
    CREATE TABLE category (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);
    CREATE TABLE thread (id INTEGER PRIMARY KEY AUTOINCREMENT,
      category_id INTEGER NOT NULL REFERENCES category (id), title TEXT NOT NULL);
    CREATE TABLE post (id INTEGER PRIMARY KEY AUTOINCREMENT, thread_id INTEGER NOT NULL REFERENCES thread (id),
      author_id INTEGER NOT NULL REFERENCES user (id), body TEXT NOT NULL);
    INSERT INTO user (username, password_hash) VALUES ('ada', 'x1'), ('brian', 'x2');
    INSERT INTO category (name) VALUES ('General'), ('Help');
    INSERT INTO thread (category_id, title) VALUES (1, 'Welcome'), (1, 'Rules'), (2, 'Install fails');
    INSERT INTO post (thread_id, author_id, body) VALUES (1, 1, 'Hello'), (1, 2, 'Hi Ada'), (3, 2, 'npm ERR!');
  `);
  // `schema` makes the relations includable and lets nested collections find their joins.
  return drizzle(client, { schema });
}

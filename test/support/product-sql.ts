/**
 * The `product` table, beside the forum in the test fixtures only: an exact
 * decimal price, a 4-byte float weight (a double on SQLite, which has none), an enum size (text on SQLite), a
 * unique uuid tag (text on SQLite and MariaDB), a JSON column, a binary photo, a time of day, an IP address
 * (PostgreSQL's `inet`, text elsewhere), a date-time of microseconds (`made_at`) and one of whole
 * seconds (`due_at`; both text or a number on SQLite, as each ORM writes it) and two columns with literal
 * defaults, to prove
 * such values mean the same on every ORM and database. Each ORM's fixture maps
 * it (`product.ts` there).
 */
import type { Dialect } from './databases.ts';

const COLUMNS: Record<Dialect, string> = {
  postgres:
    'id SERIAL PRIMARY KEY, attrs JSONB NULL, photo BYTEA NULL, on_sale BOOLEAN NOT NULL DEFAULT FALSE, ' +
    'opens TIME NULL, ip INET NULL, made_at TIMESTAMPTZ NULL, due_at TIMESTAMPTZ(0) NULL',
  mysql:
    'id INT AUTO_INCREMENT PRIMARY KEY, attrs JSON NULL, photo BLOB NULL, on_sale BOOLEAN NOT NULL DEFAULT FALSE, ' +
    'opens TIME NULL, ip VARCHAR(45) NULL, made_at DATETIME(6) NULL, due_at DATETIME NULL',
  sqlite:
    'id INTEGER PRIMARY KEY AUTOINCREMENT, attrs TEXT NULL, photo BLOB NULL, on_sale BOOLEAN NOT NULL DEFAULT 0, ' +
    'opens TEXT NULL, ip TEXT NULL, made_at DATETIME NULL, due_at DATETIME NULL',
};

/** A size's values, declared out of alphabetical order. */
export const PRODUCT_SIZES = ['small', 'medium', 'large'] as const;
const SIZES = PRODUCT_SIZES.map((size) => `'${size}'`).join(', ');

/** `DROP` then `CREATE` of the product table. */
export function productDdl(dialect: Dialect): string[] {
  const q = dialect === 'mysql' ? '`' : '"';
  const common = 'name VARCHAR(50) NOT NULL, price DECIMAL(12,2) NULL, stock INTEGER NOT NULL DEFAULT 0';
  const weight = dialect === 'mysql' ? 'weight FLOAT NULL' : 'weight REAL NULL';
  const size = { postgres: 'product_size', mysql: `ENUM(${SIZES})`, sqlite: 'TEXT' }[dialect];
  const tag = `tag ${dialect === 'postgres' ? 'UUID' : 'CHAR(36)'} NULL UNIQUE`;
  return [
    `DROP TABLE IF EXISTS ${q}product${q}`,
    ...(dialect === 'postgres'
      ? ['DROP TYPE IF EXISTS product_size', `CREATE TYPE product_size AS ENUM (${SIZES})`]
      : []),
    `CREATE TABLE ${q}product${q} (${COLUMNS[dialect]}, ${common}, ${weight}, size ${size} NULL, ${tag})`,
  ];
}

/**
 * Column types beyond the forum's, through HTTP on every ORM × database, over
 * the fixtures' `product` table: an exact decimal is a decimal string within its
 * column's digits, a time (of day, or MySQL's duration) and an IP address are checked as the database would, a JSON
 * value comes back as it was sent (a JSON string that reads as JSON too stays
 * a string), bytes are base64 text, and a column with a literal default is
 * optional on create and writable on create and update. The row in the
 * database is checked too, and a refused write leaves none behind.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { CRUDCollection, createOpenApiDocument, type ORMAdapterBase } from 'ormcrud';
import { call, describeForum } from '../support/forum-suite.ts';
import { routersApp, type TestApp } from '../support/framework-apps.ts';

describeForum(
  'column values',
  (s) => {
    let app: TestApp;
    let product: ORMAdapterBase;
    const stored = async (id: number) => {
      const [row] = await s.harness.sql('SELECT * FROM "product" WHERE "id" = ?', [id]);
      return row as Record<string, unknown>;
    };
    const rowCount = async () => Number((await s.harness.sql('SELECT COUNT(*) AS n FROM "product"'))[0]?.n);

    before(async () => {
      product = await s.harness.product();
      // `/returned-products` answers a PATCH with the row it read back (RETURNING, or MySQL's read by key).
      const returned = new CRUDCollection({ ormAdapter: product, updateOutSchema: product.generatePublicSchema() });
      app = await routersApp(s.framework, [
        new CRUDCollection({ ormAdapter: product }).getRouter({ prefix: '/products' }),
        returned.getRouter({ prefix: '/returned-products' }),
      ]);
      return () => app.close();
    });

    test('a decimal is an exact decimal string, stored, read, filtered and sorted', async () => {
      const created = await call(app, 'POST', '/products', { name: 'lamp', price: '1234567890.25' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.price, '1234567890.25');
      assert.equal(Number((await stored(created.body.id)).price), 1234567890.25);
      const cheap = (await call(app, 'POST', '/products', { name: 'pen', price: '0.50' })).body;
      assert.equal(Number(cheap.price), 0.5);
      assert.equal(typeof cheap.price, 'string');
      assert.equal((await call(app, 'GET', `/products/${created.body.id}`)).body.price, '1234567890.25');
      const found = (await call(app, 'GET', '/products?price=0.5')).body.data;
      assert.deepEqual(
        found.map((row: { name: string }) => row.name),
        ['pen'],
      );
      const sorted = (await call(app, 'GET', '/products?sort=price:desc')).body.data;
      assert.deepEqual(
        sorted.map((row: { name: string }) => row.name),
        ['lamp', 'pen'],
      );
      const patched = await call(app, 'PATCH', `/products/${cheap.id}`, { price: '-7.75' });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.equal(Number((await stored(cheap.id)).price), -7.75);
    });

    test('a stored decimal comes back as a decimal string even where the database keeps a float (no exponent)', async () => {
      // SQLite keeps 0.0000001 (it prints 1.0e-07); a DECIMAL(12,2) rounds it to 0.00.
      await s.harness.sql('INSERT INTO "product" ("name", "price") VALUES (?, 0.0000001)', ['tiny']);
      const listed = await call(app, 'GET', '/products?name=tiny');
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      const tiny = listed.body.data[0];
      assert.match(tiny.price, /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/);
      assert.equal((await call(app, 'GET', `/products/${tiny.id}`)).body.price, tiny.price);
      assert.equal((await call(app, 'DELETE', `/products/${tiny.id}`)).status, 200);
    });

    test("a decimal past its column's digits is a 422 naming it, on every database; nothing is written", async (t) => {
      // Drizzle's SQLite `numeric()` declares no precision, so its model gives no digits to check.
      if (s.target.name === 'drizzle/sqlite') return t.skip('the model declares no digits');
      const kept = await call(app, 'POST', '/products', { name: 'digits', price: '9999999999.99' });
      assert.equal(kept.status, 201, JSON.stringify(kept.body));
      assert.equal(kept.body.price, '9999999999.99');
      for (const price of ['-9999999999.99', '0.5', '12', '-0.01']) {
        const fits = await call(app, 'PATCH', `/products/${kept.body.id}`, { price });
        assert.equal(fits.status, 200, `${price}: ${JSON.stringify(fits.body)}`);
      }
      const before = await rowCount();
      // NUMERIC(12,2): ten digits before the point, two after; PostgreSQL refuses the first, rounds the second.
      for (const price of ['12345678901', '10000000000.00', '-99999999999.5', '1.005', '0.125', '1.000']) {
        for (const [method, url] of [
          ['POST', '/products'],
          ['PATCH', `/products/${kept.body.id}`],
        ] as const) {
          const refused = await call(app, method, url, { name: 'too many digits', price });
          assert.equal(refused.status, 422, `${method} ${price}: ${JSON.stringify(refused.body)}`);
          assert.deepEqual(refused.body.errors, [
            {
              path: 'body.price',
              message: 'must be a decimal string, at most 10 digits before the point and 2 after, such as "12.50"',
            },
          ]);
        }
      }
      assert.equal(await rowCount(), before);
      assert.equal((await call(app, 'GET', `/products/${kept.body.id}`)).body.price, '-0.01');
      // A filter takes any decimal: one past the column's digits matches no row.
      const filtered = await call(app, 'GET', '/products?price=1.005');
      assert.deepEqual([filtered.status, filtered.body.data], [200, []]);
    });

    test('a decimal that is no decimal string is a 422 naming it, and nothing is written', async () => {
      const before = await rowCount();
      for (const price of [12.5, 'abc', '1e3', '', ' 1']) {
        const refused = await call(app, 'POST', '/products', { name: 'bad', price });
        assert.equal(refused.status, 422, `${JSON.stringify(price)}: ${JSON.stringify(refused.body)}`);
        assert.deepEqual(
          refused.body.errors.map((e: { path: string }) => e.path),
          ['body.price'],
        );
      }
      assert.equal((await call(app, 'GET', '/products?price=abc')).status, 422);
      assert.equal(await rowCount(), before);
    });

    test('a stored decimal no decimal string expresses (a PostgreSQL NaN) is a 409 naming it', async (t) => {
      if (s.target.dialect !== 'postgres') return t.skip('only PostgreSQL holds them');
      // A DECIMAL(12,2) holds no infinity, which the same check refuses.
      for (const value of ['NaN']) {
        const insert = `INSERT INTO "product" ("name", "price") VALUES ('odd', ?) RETURNING "id"`;
        const [row] = await s.harness.sql(insert, [value]);
        for (const url of [`/products/${(row as { id: number }).id}`, '/products?name=odd']) {
          const read = await call(app, 'GET', url);
          assert.equal(read.status, 409, `${value} ${url}: ${JSON.stringify(read.body)}`);
          assert.equal(
            read.body.detail,
            'The stored price is a decimal that is NaN or infinite, which no response can express',
          );
        }
        await s.harness.sql(`DELETE FROM "product" WHERE "name" = 'odd'`);
      }
    });

    test('a time is stored, read, filtered and sent back as its database prints it; other text is a 422 naming it', async (t) => {
      // Drizzle's SQLite has no time column (the fixture's is text), so its model gives no format to check.
      if (s.target.name === 'drizzle/sqlite') return t.skip('the model declares no time');
      const created = await call(app, 'POST', '/products', { name: 'shop', opens: '09:30:00' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.opens, '09:30:00');
      assert.equal((await call(app, 'GET', `/products/${created.body.id}`)).body.opens, '09:30:00');
      const found = (await call(app, 'GET', '/products?opens=09:30:00')).body.data;
      assert.deepEqual(
        found.map((row: { id: number }) => row.id),
        [created.body.id],
      );
      // MySQL's TIME is a duration (-838:59:59 to 838:59:59); PostgreSQL's a time of day, up to 24:00:00.
      // MySQL's TIME keeps whole seconds unless it declares more; PostgreSQL's time keeps microseconds.
      const duration = s.target.dialect === 'mysql';
      const own = duration
        ? ['100:00:00', '-01:00:00', '25:00:00', '838:59:59', '-838:59:59.000']
        : ['24:00:00', '24:00:00.000', '23:59:59.5', '12:00:00.123456'];
      for (const opens of ['00:00:00', '23:59:59', '12:00:00.000000', ...own]) {
        const fits = await call(app, 'PATCH', `/products/${created.body.id}`, { opens });
        assert.equal(fits.status, 200, `${opens}: ${JSON.stringify(fits.body)}`);
      }
      // What the database prints is read, found by a filter, and taken back as it was read.
      for (const value of duration ? ['-00:30:00', '100:00:00', '838:59:59'] : ['24:00:00']) {
        await s.harness.sql('UPDATE "product" SET "opens" = ? WHERE "id" = ?', [value, created.body.id]);
        const read = (await call(app, 'GET', `/products/${created.body.id}`)).body.opens;
        assert.equal(read, value);
        const filtered = (await call(app, 'GET', `/products?opens=${encodeURIComponent(read)}`)).body.data;
        assert.deepEqual(
          filtered?.map((row: { id: number }) => row.id),
          [created.body.id],
          value,
        );
        const sentBack = await call(app, 'PATCH', `/products/${created.body.id}`, { opens: read });
        assert.equal(sentBack.status, 200, `${value}: ${JSON.stringify(sentBack.body)}`);
      }
      const before = await rowCount();
      const refused = ['09:60:00', '09:30:60', '9:30:00', '09:30', 'noon', '09:30:00+02', '12:00:00.1234567'];
      const notOwn = duration
        ? ['839:00:00', '-839:00:00', '1000:00:00', '099:00:00', '+01:00:00', '23:59:59.5', '-838:59:59.000001']
        : ['25:00:00', '24:00:01', '24:00:00.5', '-01:00:00', '100:00:00'];
      for (const opens of [...refused, ...notOwn, '', 930]) {
        for (const [method, url] of [
          ['POST', '/products'],
          ['PATCH', `/products/${created.body.id}`],
        ] as const) {
          const answer = await call(app, method, url, { name: 'late', opens });
          assert.equal(answer.status, 422, `${method} ${opens}: ${JSON.stringify(answer.body)}`);
          assert.deepEqual(
            answer.body.errors.map((e: { path: string }) => e.path),
            ['body.opens'],
          );
          const message = duration
            ? /^must be a time from -838:59:59 to 838:59:59 such as 09:30:00, to the second at most$/
            : /must be a time of day/;
          if (typeof opens === 'string') assert.match(answer.body.errors[0].message, message);
        }
      }
      assert.equal(await rowCount(), before);
      const filtered = await call(app, 'GET', `/products?opens=${notOwn[0]}`);
      assert.deepEqual([filtered.status, filtered.body.errors?.[0]?.path], [422, 'query.opens']);
    });

    test('PostgreSQL: an inet is any IP address, read back sendable; other text is a 422 naming it', async (t) => {
      if (s.target.dialect !== 'postgres') return t.skip('only PostgreSQL has inet columns');
      for (const ip of ['192.168.0.1', '10.0.0.0/8', '2001:db8::1', '2001:DB8::/32', '::ffff:192.0.2.1', '::1/128']) {
        const created = await call(app, 'POST', '/products', { name: 'host', ip });
        assert.equal(created.status, 201, `${ip}: ${JSON.stringify(created.body)}`);
        const read = (await call(app, 'GET', `/products/${created.body.id}`)).body;
        const again = await call(app, 'PATCH', `/products/${created.body.id}`, { ip: read.ip });
        assert.equal(again.status, 200, `${ip} read as ${read.ip}: ${JSON.stringify(again.body)}`);
      }
      const before = await rowCount();
      const refused = [
        'not an address',
        '1.2.3.256',
        '10.0.0.1/33',
        '1::2::3',
        'fe80::1%eth0',
        ' 1.2.3.4',
        '::1/129',
        '',
      ];
      for (const ip of refused) {
        const answer = await call(app, 'POST', '/products', { name: 'bad host', ip });
        assert.equal(answer.status, 422, `${ip}: ${JSON.stringify(answer.body)}`);
        assert.deepEqual(answer.body.errors, [
          {
            path: 'body.ip',
            message: 'must be an IP address, with an optional /prefix, such as 192.168.0.1 or 2001:db8::/32',
          },
        ]);
      }
      assert.equal(await rowCount(), before);
      const filtered = await call(app, 'GET', '/products?ip=localhost');
      assert.deepEqual([filtered.status, filtered.body.errors?.[0]?.path], [422, 'query.ip']);
      assert.equal((await call(app, 'GET', '/products?ip=10.0.0.0/8')).body.data.length, 1);
    });

    test('a JSON value comes back as it was sent, on every path, and is stored as that JSON', async () => {
      // Stored JSON as its text: a JSON string that reads as JSON (`"123"`) is a string, parsed once.
      const text = s.target.dialect === 'mysql' ? 'CHAR' : 'TEXT';
      const storedJson = async (id: number) => {
        const [row] = await s.harness.sql(`SELECT CAST("attrs" AS ${text}) AS t FROM "product" WHERE "id" = ?`, [id]);
        return row?.t === null ? null : JSON.parse(String(row?.t));
      };
      const other = (await call(app, 'POST', '/products', { name: 'json patched' })).body.id;
      const jsonLike = ['123', 'true', 'null', '"q"', '[1]', '{"a":1}', ' 7 '];
      for (const attrs of ['hello', { colour: 'red', sizes: [1, 2] }, [true, null, 'x'], 42, null, ...jsonLike]) {
        const what = JSON.stringify(attrs);
        const created = await call(app, 'POST', '/products', { name: 'json', attrs });
        assert.equal(created.status, 201, `${what}: ${JSON.stringify(created.body)}`);
        assert.deepEqual(created.body.attrs, attrs, what);
        assert.deepEqual((await call(app, 'GET', `/products/${created.body.id}`)).body.attrs, attrs, what);
        const listed = (await call(app, 'GET', '/products?name=json&sort=id:desc&per_page=1')).body.data;
        assert.deepEqual(listed[0]?.attrs, attrs, what);
        assert.deepEqual(await storedJson(created.body.id), attrs, what);
        const patched = await call(app, 'PATCH', `/returned-products/${other}`, { attrs });
        assert.deepEqual([patched.status, patched.body.attrs], [200, attrs], what);
        assert.deepEqual(await storedJson(other), attrs, what);
      }
    });

    test('JSON another client wrote is read as that JSON; on SQLite, text that is no JSON is a 409', async () => {
      for (const [json, attrs] of [
        ['"123"', '123'],
        ['123', 123],
        ['{"a":"[1]"}', { a: '[1]' }],
      ] as const) {
        await s.harness.sql('INSERT INTO "product" ("name", "attrs") VALUES (?, ?)', [`raw ${json}`, json]);
        const listed = await call(app, 'GET', `/products?name=${encodeURIComponent(`raw ${json}`)}`);
        assert.deepEqual([listed.status, listed.body.data?.[0]?.attrs], [200, attrs], json);
        const read = await call(app, 'GET', `/products/${listed.body.data[0].id}`);
        assert.deepEqual([read.status, read.body.attrs], [200, attrs], json);
      }
      if (s.target.dialect !== 'sqlite') return;
      await s.harness.sql('INSERT INTO "product" ("name", "attrs") VALUES (?, ?)', ['no json', 'plain text']);
      const [row] = await s.harness.sql('SELECT "id" FROM "product" WHERE "name" = ?', ['no json']);
      const read = await call(app, 'GET', `/products/${row?.id}`);
      assert.deepEqual([read.status, read.body.code], [409, 'conflict'], JSON.stringify(read.body));
      assert.match(read.body.detail, /attrs is text that is no JSON/);
      await s.harness.sql('DELETE FROM "product" WHERE "name" = ?', ['no json']);
    });

    test('a JSON value nested past 31 levels, or past a double, is a 422 naming it; nothing is written', async () => {
      const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const deepest = JSON.parse(nested(31));
      const kept = await call(app, 'POST', '/products', { name: 'deep', attrs: deepest });
      assert.equal(kept.status, 201, JSON.stringify(kept.body));
      assert.deepEqual(kept.body.attrs, deepest);
      const before = await rowCount();
      const refused = [nested(32), nested(5000), '{"n":1e400}', '-1e400', '[1,[2,[-1e999]]]'];
      for (const attrs of refused) {
        for (const [method, url] of [
          ['POST', '/products'],
          ['PATCH', `/products/${kept.body.id}`],
        ] as const) {
          const body = `{"name":"refused","attrs":${attrs}}`;
          const answer = await call(app, method, url, body, { 'content-type': 'application/json' });
          assert.equal(answer.status, 422, `${method} ${attrs.slice(0, 40)}: ${JSON.stringify(answer.body)}`);
          assert.deepEqual(
            answer.body.errors.map((e: { path: string }) => e.path),
            ['body.attrs'],
          );
        }
      }
      assert.equal(await rowCount(), before);
      const read = (await call(app, 'GET', `/products/${kept.body.id}`)).body;
      assert.deepEqual([read.name, read.attrs], ['deep', deepest]);
    });

    test('binary bytes are base64 text both ways, whoever wrote them, and a read sent back keeps them', async () => {
      const bytesOf = (value: unknown) => Buffer.from(value as Uint8Array).toString('hex');
      const bytes = Buffer.from([0, 1, 2, 0x7f, 0x80, 0xfe, 0xff, 0x41]);
      for (const photo of [bytes.toString('base64'), '']) {
        const created = await call(app, 'POST', '/products', { name: 'photo', photo });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.equal(created.body.photo, photo);
        assert.equal(bytesOf((await stored(created.body.id)).photo), Buffer.from(photo, 'base64').toString('hex'));
        assert.equal((await call(app, 'GET', `/products/${created.body.id}`)).body.photo, photo);
      }
      await s.harness.sql('INSERT INTO "product" ("name", "photo") VALUES (?, ?)', ['raw photo', bytes]);
      const listed = await call(app, 'GET', '/products?name=raw%20photo');
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      const raw = listed.body.data[0];
      assert.equal(raw.photo, bytes.toString('base64'));
      const patched = await call(app, 'PATCH', `/products/${raw.id}`, { photo: raw.photo });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.equal(bytesOf((await stored(raw.id)).photo), bytes.toString('hex'));
    });

    test('SQLite: text or a number in a binary column is served as the base64 of its text, on every ORM', async (t) => {
      if (s.target.dialect !== 'sqlite') return t.skip('only SQLite keeps other values in a binary column');
      for (const [photo, text] of [
        ['loose text', 'loose text'],
        [42, '42'],
        [1.5, '1.5'],
      ] as const) {
        await s.harness.sql('INSERT INTO "product" ("name", "photo") VALUES (?, ?)', [`loose ${text}`, photo]);
        const listed = await call(app, 'GET', `/products?name=${encodeURIComponent(`loose ${text}`)}`);
        assert.equal(listed.status, 200, JSON.stringify(listed.body));
        assert.equal(listed.body.data[0]?.photo, Buffer.from(text).toString('base64'), text);
        const read = await call(app, 'GET', `/products/${listed.body.data[0].id}`);
        assert.deepEqual([read.status, read.body.photo], [200, Buffer.from(text).toString('base64')], text);
      }
    });

    test('a binary value that is no base64 text is a 422 naming it, and nothing is written', async () => {
      const before = await rowCount();
      // `aGl=` decodes to the bytes of `aGk=`: a second spelling, refused as the unpadded `aGk` is.
      for (const photo of ['aGk', 'aGl=', 'aGk=\n', 'not base64!', { type: 'Buffer', data: [1, 2] }, [1, 2], 12]) {
        const refused = await call(app, 'POST', '/products', { name: 'bad photo', photo });
        assert.equal(refused.status, 422, `${JSON.stringify(photo)}: ${JSON.stringify(refused.body)}`);
        assert.deepEqual(
          refused.body.errors.map((e: { path: string }) => e.path),
          ['body.photo'],
        );
        if (typeof photo === 'string') assert.match(refused.body.errors[0].message, /must be base64 text/);
      }
      assert.equal(await rowCount(), before);
    });

    test('a binary value of megabytes is checked as one of bytes: stored, or a 422, never a 500', async (t) => {
      if (s.target.dialect !== 'sqlite') return t.skip('the check is the same on every database');
      const large = await routersApp(
        s.framework,
        [new CRUDCollection({ ormAdapter: product }).getRouter({ prefix: '/products' })],
        { bodyLimit: 16 * 1024 * 1024 },
      );
      try {
        const photo = Buffer.alloc(4_500_000, 7).toString('base64'); // 6 MB of text
        const created = await call(large, 'POST', '/products', { name: 'large photo', photo });
        assert.equal(created.status, 201, JSON.stringify(created.body).slice(0, 300));
        assert.equal(created.body.photo, photo);
        const refused = await call(large, 'POST', '/products', { name: 'bad large photo', photo: `${photo}!` });
        assert.equal(refused.status, 422, JSON.stringify(refused.body).slice(0, 300));
      } finally {
        await large.close();
      }
    });

    test('a binary field is neither a filter nor a sort', async () => {
      assert.equal((await call(app, 'GET', '/products?sort=photo')).status, 422);
      const doc = createOpenApiDocument(
        [new CRUDCollection({ ormAdapter: product }).getRouter({ prefix: '/products' })],
        {
          info: { title: 't', version: '1' },
        },
      );
      const list = (doc.paths['/products'] as { get: { parameters: { name: string }[] } }).get;
      assert.ok(list.parameters.some((p) => p.name === 'price'));
      assert.ok(!list.parameters.some((p) => p.name.startsWith('photo')));
    });

    test('include on a model without relations takes no value, and the document leaves it out', async () => {
      for (const url of ['/products?include=owner', '/products/1?include=owner']) {
        const refused = await call(app, 'GET', url);
        assert.equal(refused.status, 422, url);
        assert.deepEqual(refused.body.errors, [{ path: 'query.include.0', message: 'takes no value on this route' }]);
      }
      const doc = createOpenApiDocument(
        [new CRUDCollection({ ormAdapter: product }).getRouter({ prefix: '/products' })],
        { info: { title: 't', version: '1' } },
      );
      const operations = Object.values(doc.paths).flatMap((path) => Object.values(path as object));
      const names = operations.flatMap((op: { parameters?: { name: string }[] }) => op.parameters ?? []);
      assert.ok(names.some((p) => p.name === 'sort'));
      assert.ok(!names.some((p) => p.name === 'include'), JSON.stringify(names));
    });

    test('a date-time filter finds every row served with its value, whatever finer digits it holds', async (t) => {
      if (s.target.dialect === 'sqlite') return t.skip('SQLite holds what the ORM writes, to the millisecond');
      const zone = s.target.dialect === 'postgres' ? '+00' : '';
      const stamps = ['35.374365', '35.374999', '35.375000', '35.373999'];
      for (const [i, second] of stamps.entries()) {
        const made = `2024-05-01 10:00:${second}${zone}`;
        await s.harness.sql('INSERT INTO "product" ("name", "made_at") VALUES (?, ?)', [`made${i}`, made]);
      }
      const served = (await call(app, 'GET', '/products?name=made0')).body.data[0].made_at;
      // The drivers cut the digits past the millisecond: both rows are served so, and that value finds both.
      assert.match(served, /:35\.374Z$/);
      assert.equal((await call(app, 'GET', '/products?name=made1')).body.data[0].made_at, served);
      const names = async (at: string) => {
        const found = await call(app, 'GET', `/products?made_at=${encodeURIComponent(at)}&sort=name`);
        assert.equal(found.status, 200, JSON.stringify(found.body));
        return found.body.data.map((row: { name: string }) => row.name);
      };
      assert.deepEqual(await names(served), ['made0', 'made1']);
      assert.deepEqual(await names(served.replace('.374Z', '.375Z')), ['made2']);
      assert.deepEqual(await names(served.replace('.374Z', '.373Z')), ['made3']);
      assert.deepEqual(await names(served.replace(':35.374Z', ':35.374+00:00')), ['made0', 'made1']);
    });

    test('a date-time finer than its column keeps is a 422 naming it, in bodies and filters; nothing is written', async (t) => {
      // SQLite keeps the milliseconds TypeORM and Sequelize write (Drizzle's `timestamp` mode writes seconds);
      // Sequelize makes every PostgreSQL `DATE` of microseconds, whatever the table's.
      const keepsAll = ['typeorm/sqlite', 'sequelize/sqlite', 'sequelize/postgres'];
      if (keepsAll.includes(s.target.name)) return t.skip('the model keeps milliseconds');
      const message = 'must be a date-time such as 2024-01-31T09:30:00Z, to the second at most';
      const before = await rowCount();
      for (const due_at of ['2024-01-01T10:00:00.600Z', '2024-01-01T10:00:00.001Z', '2024-01-01T10:00:00.5+02:00']) {
        const refused = await call(app, 'POST', '/products', { name: 'due', due_at });
        assert.equal(refused.status, 422, `${due_at}: ${JSON.stringify(refused.body)}`);
        assert.deepEqual(refused.body.errors, [{ path: 'body.due_at', message }]);
        const filtered = await call(app, 'GET', `/products?due_at=${encodeURIComponent(due_at)}`);
        assert.deepEqual([filtered.status, filtered.body.errors], [422, [{ path: 'query.due_at', message }]]);
      }
      assert.equal(await rowCount(), before);
      const created = await call(app, 'POST', '/products', { name: 'due', due_at: '2024-01-01T10:00:00.000Z' });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.due_at, '2024-01-01T10:00:00.000Z');
      const patched = await call(app, 'PATCH', `/products/${created.body.id}`, { due_at: '2024-01-01T11:00:00.5Z' });
      assert.deepEqual([patched.status, patched.body.errors?.[0]?.path], [422, 'body.due_at']);
      const kept = await call(app, 'PATCH', `/products/${created.body.id}`, { due_at: '2024-01-01T11:00:00.000000Z' });
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      const found = await call(app, 'GET', '/products?due_at=2024-01-01T11:00:00Z');
      assert.deepEqual(
        found.body.data.map((row: { id: number; due_at: string }) => [row.id, row.due_at]),
        [[created.body.id, '2024-01-01T11:00:00.000Z']],
      );
    });

    test('a column with a literal default is optional on create, and written when given', async () => {
      const plain = (await call(app, 'POST', '/products', { name: 'plain' })).body;
      assert.deepEqual([plain.on_sale, plain.stock], [false, 0]);
      const given = await call(app, 'POST', '/products', { name: 'given', on_sale: true, stock: 3 });
      assert.equal(given.status, 201, JSON.stringify(given.body));
      assert.deepEqual([given.body.on_sale, given.body.stock], [true, 3]);
      assert.equal(Number((await stored(given.body.id)).stock), 3);
      assert.equal((await call(app, 'PATCH', `/products/${plain.id}`, { stock: 7, on_sale: true })).status, 200);
      const row = await stored(plain.id);
      assert.deepEqual([Number(row.stock), Boolean(Number(row.on_sale))], [7, true]);
    });

    test('the OpenAPI document gives a decimal as a string with its pattern and digits, bytes as base64 text', () => {
      const doc = createOpenApiDocument(
        [new CRUDCollection({ ormAdapter: product }).getRouter({ prefix: '/products' })],
        {
          info: { title: 't', version: '1' },
        },
      );
      const schemas = doc.components.schemas as Record<string, { properties: Record<string, Record<string, unknown>> }>;
      const price = schemas.Product?.properties.price;
      assert.deepEqual(price?.type, ['string', 'null']);
      assert.match(String(price?.pattern), /\[0-9\]/);
      if (s.target.name !== 'drizzle/sqlite') {
        for (const role of ['ProductCreate', 'ProductUpdate']) {
          const written = schemas[role]?.properties.price;
          assert.equal(written?.pattern, '^-?(?:0|[1-9][0-9]{0,9})(?:\\.[0-9]{1,2})?$', role);
          assert.match(String(written?.description), /at most 10 digits before the point and 2 after/);
        }
      }
      const photo = schemas.Product?.properties.photo;
      assert.deepEqual([photo?.type, photo?.contentEncoding], [['string', 'null'], 'base64']);
      if (!['typeorm/sqlite', 'sequelize/sqlite', 'sequelize/postgres'].includes(s.target.name)) {
        for (const role of ['ProductCreate', 'ProductUpdate']) {
          const due = schemas[role]?.properties.due_at;
          assert.match(String(due?.description), /to the second at most: its column keeps no finer digits/, role);
          assert.equal(new RegExp(String(due?.pattern)).test('2024-01-01T10:00:00.600Z'), false, role);
          assert.equal(new RegExp(String(due?.pattern)).test('2024-01-01T10:00:00.000Z'), true, role);
        }
      }
    });
  },
  { reset: 'once', frameworks: ['fastify'] },
);

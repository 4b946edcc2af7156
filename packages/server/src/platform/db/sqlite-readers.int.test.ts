/**
 * Reader threads of the embedded database (docs/architecture.md#reader-threads): a read on a
 * thread sees every write committed before it was sent, refuses to write, keeps its error's
 * kind across the thread boundary, and the list API answers the same rows with or without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { budgetCheck, deadlineCheck, isOwnDeadline, isQueryTimeout } from './query-budget.ts';
import { runSchemaStatements } from './database.ts';

describe('reader threads of the embedded database', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite', { readThreads: 2, statementTimeoutMs: 200 });
  });
  afterAll(async () => t.drop());

  it('reads on a thread, not the main connection', () => {
    expect(t.database.reader).not.toBe(t.database.db);
    expect(t.database.concurrentReads).toBe(true);
  });

  it('maps the file into memory on the main connection and on each thread (sqlite-mmap.ts)', async () => {
    const mapped = async (db: typeof t.database.db) =>
      Number((await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(db)).rows[0]?.mmap_size);
    expect(await mapped(t.database.db)).toBeGreaterThan(1024 ** 3);
    // Each read goes to the first thread with room (no other read is waiting), the bulk lane's never to the first.
    expect(await mapped(t.database.reader)).toBeGreaterThan(1024 ** 3);
    expect(await mapped(t.database.bulkReader)).toBeGreaterThan(1024 ** 3);
    const unmapped = await createTestDatabase('sqlite', { readThreads: 1, mmapMb: 0 });
    try {
      expect(await mapped(unmapped.database.db)).toBe(0);
      expect(await mapped(unmapped.database.reader)).toBe(0);
    } finally {
      await unmapped.drop();
    }
  });

  it('sees each write committed before the read, including new tables', async () => {
    const { db, reader } = t.database;
    await sql`CREATE TABLE reader_probe (n INTEGER NOT NULL)`.execute(db);
    for (let n = 1; n <= 20; n++) {
      await sql`INSERT INTO reader_probe (n) VALUES (${n})`.execute(db);
      const seen = await sql<{ total: number; last: number }>`SELECT count(*) AS total, max(n) AS last FROM reader_probe`.execute(reader);
      expect(seen.rows).toEqual([{ total: n, last: n }]);
    }
  });

  it("names a SELECT *'s columns anew after a column is added to its table (rows travel as arrays)", async () => {
    const { db, reader } = t.database;
    await sql`CREATE TABLE reader_columns (a INTEGER NOT NULL)`.execute(db);
    await sql`INSERT INTO reader_columns (a) VALUES (1)`.execute(db);
    const read = () => sql<Record<string, unknown>>`SELECT * FROM reader_columns`.execute(reader);
    expect((await read()).rows).toEqual([{ a: 1 }]);
    await sql`ALTER TABLE reader_columns ADD COLUMN b TEXT NOT NULL DEFAULT 'x'`.execute(db);
    expect((await read()).rows).toEqual([{ a: 1, b: 'x' }]);
  });

  it('answers the values the main connection reads: text, numbers, nulls and blobs', async () => {
    const { db, reader } = t.database;
    await sql`CREATE TABLE reader_values (id INTEGER PRIMARY KEY, t TEXT, r REAL, b BLOB)`.execute(db);
    await sql`INSERT INTO reader_values (id, t, r, b) VALUES
      (1, ${'{"a":"é \u2028 \ud83d\ude00"}'}, 2.5, NULL), (2, NULL, -1e300, NULL), (3, '', 0, NULL)`.execute(db);
    const read = (where: string) => sql<Record<string, unknown>>`SELECT * FROM reader_values WHERE ${sql.raw(where)} ORDER BY id`;
    const textOnly = await read('b IS NULL').execute(reader);
    expect(textOnly.rows).toEqual((await read('b IS NULL').execute(db)).rows);
    expect(textOnly.rows[0]).toEqual({ id: 1, t: '{"a":"é \u2028 \ud83d\ude00"}', r: 2.5, b: null });

    await sql`INSERT INTO reader_values (id, t, b) VALUES (4, 'blob', x'00ff10')`.execute(db);
    const withBlob = await read('id >= 3').execute(reader);
    expect(withBlob.rows).toEqual((await read('id >= 3').execute(db)).rows);
    expect(withBlob.rows[1]?.b).toEqual(new Uint8Array([0, 255, 16]));
  });

  it('answers reads sent together, each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sql<{ i: number }>`SELECT ${i} AS i`.execute(t.database.reader)),
    );
    expect(answers.map((answer) => answer.rows[0]?.i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('refuses to write, and the main connection still can', async () => {
    await expect(sql`INSERT INTO reader_probe (n) VALUES (99)`.execute(t.database.reader)).rejects.toThrow(/readonly/i);
    await expect(t.database.reader.transaction().execute(async () => 1)).rejects.toThrow(/no transactions/);
    const count = await sql<{ n: number }>`SELECT count(*) AS n FROM reader_probe WHERE n = 99`.execute(t.database.db);
    expect(count.rows).toEqual([{ n: 0 }]);
  });

  it('keeps the statement budget: a runaway read ends as a query timeout, and the thread reads on', async () => {
    const runaway = sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE ${budgetCheck('sqlite')} AND x < 1000000000) SELECT count(*) AS n FROM c`;
    const error = await runaway.execute(t.database.reader).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isQueryTimeout(error)).toBe(true);
    // The serving budget, not a statement's own: a caller's plan B must not take it.
    expect(isOwnDeadline(error)).toBe(false);
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(t.database.reader)).rows).toEqual([{ one: 1 }]);
  });

  it('tells a statement stopped by its own deadline from one stopped by the serving budget', async () => {
    const limited = sql`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE ${deadlineCheck(sql.ref('x'), 5)} AND x < 1000000000) SELECT count(*) AS n FROM c`;
    const error = await limited.execute(t.database.reader).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isQueryTimeout(error)).toBe(true);
    expect(isOwnDeadline(error)).toBe(true);
  });

  it('passes a statement error on with its message', async () => {
    await expect(sql`SELECT * FROM no_such_table`.execute(t.database.reader)).rejects.toThrow(/no such table: no_such_table/);
  });
});

describe('reads sent while one thread is held by a long read (two threads)', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite', { readThreads: 2, statementTimeoutMs: 30_000 });
  });
  afterAll(async () => t.drop());

  /** A read of a few hundred ms on `reader`, and whether it has ended yet. */
  function longRead(reader: TestDatabase['database']['reader']) {
    const state = { ended: false };
    const counted = sql<{
      n: number;
    }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT count(*) AS n FROM c`
      .execute(reader)
      .then((answer) => {
        state.ended = true;
        return answer.rows[0]?.n;
      });
    return { state, counted };
  }

  /** Eight list reads, each answered with whether the long read had ended by then. */
  function listReads(state: { ended: boolean }) {
    return Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        sql<{ i: number }>`SELECT ${i} AS i`
          .execute(t.database.reader)
          .then((answer) => ({ i: answer.rows[0]?.i, longEnded: state.ended })),
      ),
    );
  }
  const answeredFirst = Array.from({ length: 8 }, (_, i) => ({ i, longEnded: false }));

  it('go to the other thread and are answered before the long read ends', async () => {
    // A chart's group over every incident holds a thread for 0.1–2 s; counting reads alone sent
    // every second list read behind it (docs/architecture.md#reader-threads).
    const long = longRead(t.database.reader);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await listReads(long.state)).toEqual(answeredFirst);
    expect(await long.counted).toBe(3000000);
  });

  it('go to the other thread when the first has reads queued that its recent reads say are slow', async () => {
    // Reads of some 30 ms each, one at a time: the first thread answers them all and learns their cost.
    const medium = () =>
      sql<{
        n: number;
      }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) AS n FROM c`.execute(
        t.database.reader,
      );
    for (let i = 0; i < 4; i++) await medium();
    // One more such read, and at once a quick one: at a typical read's cost the first thread looked
    // free (a quarter of a millisecond queued) and the quick read waited behind the slow one.
    const order: string[] = [];
    const slow = medium().then(() => order.push('slow'));
    const quick = sql`SELECT 1 AS one`.execute(t.database.reader).then(() => order.push('quick'));
    await Promise.all([slow, quick]);
    expect(order).toEqual(['quick', 'slow']);
  });

  it('never wait behind a bulk read, even one sent a moment before them', async () => {
    const long = longRead(t.database.bulkReader);
    expect(await listReads(long.state)).toEqual(answeredFirst);
    // A second bulk read queues behind the first rather than taking the lists' thread.
    const second = sql<{ one: number }>`SELECT 1 AS one`.execute(t.database.bulkReader).then(() => long.state.ended);
    expect(await second).toBe(true);
    expect(await long.counted).toBe(3000000);
  });
});

describe('the list API with and without reader threads', () => {
  let plain: TestApp;
  let threaded: TestApp;

  /** Signs the admin in and stores the same incidents in either app; answers the admin's token. */
  async function prepare(app: TestApp): Promise<string> {
    const token = (await app.signIn('admin@demo.local')).access;
    const sites = (await app.as(token, { method: 'GET', url: '/v3/demo/site?count=2&order=id%20asc' })).json().dataAr as { id: number }[];
    for (let n = 0; n < 6; n++) {
      const payload = { summary: `Incident ${n}`, descrip: 'What happened', category: 'Injury', site_id: sites[n % 2]?.id };
      const created = await app.as(token, { method: 'POST', url: '/v3/demo/incident', payload });
      expect(created.statusCode, created.body).toBeLessThan(300);
    }
    return token;
  }

  let plainToken: string;
  let threadedToken: string;
  beforeAll(async () => {
    [plain, threaded] = await Promise.all([startTestApp('sqlite'), startTestApp('sqlite', { readThreads: 1 })]);
    [plainToken, threadedToken] = await Promise.all([prepare(plain), prepare(threaded)]);
  });
  afterAll(async () => Promise.all([plain.close(), threaded.close()]));

  const lists = [
    '/v3/demo/incident?count=4&order=summary%20asc',
    `/v3/demo/incident?filter=${encodeURIComponent("category = 'Injury' AND summary <> 'Incident 2'")}&order=summary%20desc&count=3&start=1`,
    '/v3/demo/site?count=50&order=code%20asc',
  ];

  it.each(lists)('answers %s with the same rows and total', async (url) => {
    const ask = async (app: TestApp, token: string) => {
      const response = await app.as(token, { method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as { dataAr: { summary?: string; code?: string }[]; total: number };
      return { rows: body.dataAr.map((row) => row.summary ?? row.code), total: body.total };
    };
    const [without, withThreads] = await Promise.all([ask(plain, plainToken), ask(threaded, threadedToken)]);
    expect(withThreads.rows.length).toBeGreaterThan(1);
    expect(withThreads).toEqual(without);
  });

  it('lists a document at once after its create answered', async () => {
    const sites = (await threaded.as(threadedToken, { method: 'GET', url: '/v3/demo/site?count=1' })).json().dataAr as { id: number }[];
    for (let n = 0; n < 5; n++) {
      const summary = `Reader probe ${n}`;
      const payload = { summary, descrip: 'What happened', category: 'Injury', site_id: sites[0]?.id };
      const created = await threaded.as(threadedToken, { method: 'POST', url: '/v3/demo/incident', payload });
      expect(created.statusCode, created.body).toBeLessThan(300);
      const listed = await threaded.as(threadedToken, {
        method: 'GET',
        url: `/v3/demo/incident?filter=${encodeURIComponent(`summary = '${summary}'`)}`,
      });
      expect(listed.json().dataAr.map((row: { summary: string }) => row.summary)).toEqual([summary]);
    }
  });

  it("answers a newly signed-in user's list and a document during an index build off the event loop, which holds the main connection", async () => {
    const database = threaded.ctx.database;
    const [newest] = (await threaded.as(threadedToken, { method: 'GET', url: '/v3/demo/incident?count=1&order=id%20desc' })).json()
      .dataAr as { id: number }[];
    await sql`CREATE TABLE build_probe (id INTEGER PRIMARY KEY, data TEXT NOT NULL)`.execute(database.db);
    await sql`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 300000)
      INSERT INTO build_probe (data) SELECT json_object('a', i % 97, 'b', hex(randomblob(16))) FROM c`.execute(database.db);
    // A fresh sign-in: its first request reads the identity, session, membership and grants.
    const token = (await threaded.signIn('reader@demo.local')).access;
    let built = false;
    const build = runSchemaStatements(
      database,
      // Two builds in one script: long enough for both answers even on a loaded machine.
      [
        sql`CREATE INDEX build_probe_ab ON build_probe (json_extract(data, '$.a'), json_extract(data, '$.b'))`,
        sql`CREATE INDEX build_probe_ba ON build_probe (json_extract(data, '$.b'), json_extract(data, '$.a'))`,
      ],
      {
        offLoop: true,
      },
    ).then(() => {
      built = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [response, document] = await Promise.all([
      threaded.as(token, { method: 'GET', url: '/v3/demo/incident?count=3&order=id%20desc' }),
      threaded.as(token, { method: 'GET', url: `/v3/demo/incident/${newest!.id}` }),
    ]);
    const answeredDuringTheBuild = !built;
    await build;
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { dataAr: unknown[] }).dataAr).toHaveLength(3);
    expect(document.statusCode, document.body).toBe(200);
    expect((document.json() as { id: number }).id).toBe(newest!.id);
    expect(answeredDuringTheBuild).toBe(true);
  });

  it('refuses an access token at once after its sign-in is logged out (the principal read on a reader thread)', async () => {
    const { access, refresh } = await threaded.signIn('editor@demo.local');
    const list = () => threaded.as(access, { method: 'GET', url: '/v3/demo/incident?count=1' });
    expect((await list()).statusCode).toBe(200);
    const loggedOut = await threaded.app.inject({ method: 'DELETE', url: `/oauth/logout?refresh_token=${encodeURIComponent(refresh)}` });
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
    expect((await list()).statusCode).toBe(401);
  });
});

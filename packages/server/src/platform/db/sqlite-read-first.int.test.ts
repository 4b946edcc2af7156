/**
 * Schema work on the embedded database reads what it works on before it holds writes
 * (docs/architecture.md#index-builds-in-chunks): every page of the b-tree is read beside the
 * writes, then the script runs; an index's drop (the Indexes tab's) and its analysis after a build
 * go that way; without `dbstat` the script runs all the same; the file stays whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { pagesReadStatement, runReadFirst } from './sqlite-read-first.ts';
import type { SchemaSession } from './sqlite-off-loop.ts';
import type { Database } from './database.ts';
import { afterIndexBuilds } from './planner-statistics.ts';
import { dropIndex } from '../records/type-index-builds.ts';

describe('schema work on the embedded database reads its pages first', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite', { readThreads: 1 });
    await sql`CREATE TABLE read_first_probe (id INTEGER PRIMARY KEY, area TEXT NOT NULL)`.execute(t.database.db);
    await sql`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 20000)
      INSERT INTO read_first_probe (id, area) SELECT i, 'area ' || (i % 97) || ' ' || hex(randomblob(8)) FROM c`.execute(t.database.db);
  });
  afterAll(async () => t.drop());

  /** Schema sessions whose steps are written down, in order, with what each read answered; `failing` reads throw. */
  function recordingSessions(failing?: RegExp) {
    const steps: { step: 'read' | 'write'; text: string; row?: unknown }[] = [];
    const open = async (): Promise<SchemaSession> => {
      const session = await t.database.schemaSession!();
      return {
        read: async <Row>(statement: string) => {
          if (failing?.test(statement)) throw new Error('no such table: dbstat');
          const row = await session.read<Row>(statement);
          steps.push({ step: 'read', text: statement, row });
          return row;
        },
        write: async (script, options) => {
          steps.push({ step: 'write', text: script });
          return session.write(script, options);
        },
        close: () => session.close(),
      };
    };
    return { steps, open };
  }

  /** The pages of `btree` were read (more than `atLeast` of them), and before the one script that held writes. */
  function expectReadBeforeWrite(steps: ReturnType<typeof recordingSessions>['steps'], btree: string, atLeast: number) {
    const pagesRead = steps.findIndex((step) => step.step === 'read' && step.text === pagesReadStatement([btree]));
    expect(pagesRead).toBeGreaterThanOrEqual(0);
    expect(Number((steps[pagesRead]?.row as { pages: number }).pages)).toBeGreaterThan(atLeast);
    expect(steps.filter((step) => step.step === 'write')).toHaveLength(1);
    expect(steps.findIndex((step) => step.step === 'write')).toBeGreaterThan(pagesRead);
  }

  const named = async (name: string) =>
    (await sql<{ name: string }>`SELECT name FROM sqlite_schema WHERE name = ${name}`.execute(t.database.db)).rows.length;
  const integrity = async () =>
    (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(t.database.db)).rows.map((row) => row.integrity_check);
  const createIndex = () => sql`CREATE INDEX read_first_area ON read_first_probe (area)`.execute(t.database.db);

  it('reads every page of the index beside the writes, then runs the script', async () => {
    await createIndex();
    const { steps, open } = recordingSessions();

    await runReadFirst(open, ['read_first_area'], 'DROP INDEX IF EXISTS "read_first_area"');

    // 20,000 entries of ~30 bytes: well over 50 pages.
    expectReadBeforeWrite(steps, 'read_first_area', 50);
    expect(steps.find((step) => step.step === 'write')?.text).toBe('DROP INDEX IF EXISTS "read_first_area"');
    expect(await named('read_first_area')).toBe(0);
    expect(await integrity()).toEqual(['ok']);
  });

  it('runs the script all the same when the pages cannot be read first (no dbstat)', async () => {
    await createIndex();
    const { steps, open } = recordingSessions(/dbstat/);

    await runReadFirst(open, ['read_first_area'], 'DROP INDEX IF EXISTS "read_first_area"');

    expect(steps.some((step) => step.text.includes('dbstat'))).toBe(false);
    expect(await named('read_first_area')).toBe(0);
    expect(await integrity()).toEqual(['ok']);
  });

  it("analyses a built index and drops an administrator's index after reading its pages", async () => {
    await createIndex();
    const { steps, open } = recordingSessions();
    const database: Database = { ...t.database, schemaSession: open };

    await afterIndexBuilds(database, ['read_first_area'], { offLoop: true });
    expectReadBeforeWrite(steps, 'read_first_area', 50);
    expect(steps.find((step) => step.step === 'write')?.text).toMatch(/ANALYZE "read_first_area"/);
    const stat = await sql<{ stat: string }>`SELECT stat FROM sqlite_stat1 WHERE idx = 'read_first_area'`.execute(t.database.db);
    expect(stat.rows[0]?.stat).toMatch(/^20000 /);

    steps.length = 0;
    await dropIndex(database, 'read_first_area');
    expectReadBeforeWrite(steps, 'read_first_area', 50);
    expect(await named('read_first_area')).toBe(0);
    expect(await integrity()).toEqual(['ok']);
  });

  it('names each b-tree as a quoted literal', () => {
    expect(pagesReadStatement(['ib_x', "o'dd"])).toBe(`SELECT count(*) AS pages FROM dbstat WHERE name IN ('ib_x', 'o''dd')`);
  });
});

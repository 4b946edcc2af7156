import { describe, expect, it } from 'vitest';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely';
import { SharedReadsDialect } from './shared-reads.ts';
import { bumpDataGeneration } from '../cache/data-generation.ts';

/** A dialect whose reads wait until the test lets them answer, counting what ran and how many connections were held. */
function heldDialect() {
  const ran: string[] = [];
  const answers: ((rows: unknown[] | Error) => void)[] = [];
  let held = 0;
  const connection: DatabaseConnection = {
    executeQuery: <R>(compiled: CompiledQuery) => {
      ran.push(`${compiled.sql} ${JSON.stringify(compiled.parameters)}`);
      return new Promise<QueryResult<R>>((resolve, reject) =>
        answers.push((rows) => (rows instanceof Error ? reject(rows) : resolve({ rows: rows as R[] }))),
      );
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('no streams');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => {
      held += 1;
      return connection;
    },
    releaseConnection: async () => {
      held -= 1;
    },
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    destroy: async () => {},
  };
  const base = new SqliteDialect({ database: {} as never });
  const inner: Dialect = {
    createDriver: () => driver,
    createQueryCompiler: () => base.createQueryCompiler(),
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
  };
  const shared = new SharedReadsDialect(inner).createDriver();
  const read = async (sqlText: string, parameters: unknown[] = []) =>
    (await shared.acquireConnection()).executeQuery(CompiledQuery.raw(sqlText, parameters));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { ran, answers, held: () => held, read, settle };
}

describe('shared bulk reads (docs/architecture.md#reader-threads)', () => {
  it('runs a read asked again while it is under way once, each caller getting rows of its own', async () => {
    const { ran, answers, held, read, settle } = heldDialect();
    const first = read('SELECT month, count(*) FROM documents WHERE org_id = ?', [1]);
    const second = read('SELECT month, count(*) FROM documents WHERE org_id = ?', [1]);
    await settle();
    expect(ran).toHaveLength(1);
    expect(held()).toBe(1); // the second caller holds no connection while it waits
    answers[0]!([{ month: '2026-11', count: 3 }]);
    const [a, b] = await Promise.all([first, second]);
    expect(a.rows).toEqual([{ month: '2026-11', count: 3 }]);
    expect(b.rows).toEqual(a.rows);
    expect(b.rows[0]).not.toBe(a.rows[0]);
    expect(held()).toBe(0);
    // Over: the same read again runs again (nothing is kept).
    const third = read('SELECT month, count(*) FROM documents WHERE org_id = ?', [1]);
    await settle();
    expect(ran).toHaveLength(2);
    answers[1]!([]);
    expect((await third).rows).toEqual([]);
  });

  it('runs apart reads with other parameters or text, and a read asked after a write', async () => {
    const { ran, answers, read, settle } = heldDialect();
    const reads = [
      read('SELECT count(*) FROM documents WHERE org_id = ?', [1]),
      read('SELECT count(*) FROM documents WHERE org_id = ?', [2]),
      read('SELECT count(*) FROM documents WHERE org_id = ?', ['1']),
      read('SELECT count(*) FROM documents WHERE org_id = ? AND site_id = 3', [1]),
    ];
    await settle();
    expect(ran).toHaveLength(4);
    bumpDataGeneration(); // a write committed: a read asked now may not share one begun before it
    reads.push(read('SELECT count(*) FROM documents WHERE org_id = ?', [1]));
    await settle();
    expect(ran).toHaveLength(5);
    // Parameters JSON cannot tell apart are never shared.
    reads.push(
      read('SELECT ?', [Number.NaN]),
      read('SELECT ?', [Number.NaN]),
      read('SELECT ?', [new Date(0)]),
      read('SELECT ?', [new Date(0)]),
    );
    await settle();
    expect(ran).toHaveLength(9);
    answers.forEach((answer, index) => answer([{ n: index }]));
    expect((await Promise.all(reads)).map((result) => result.rows)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => [{ n }]));
  });

  it('fails every caller of a failed read, and runs it afresh when asked again', async () => {
    const { ran, answers, held, read, settle } = heldDialect();
    const first = read('SELECT 1', []);
    const second = read('SELECT 1', []);
    await settle();
    answers[0]!(new Error('The query took too long'));
    await expect(first).rejects.toThrow('took too long');
    await expect(second).rejects.toThrow('took too long');
    expect(held()).toBe(0);
    const again = read('SELECT 1', []);
    await settle();
    expect(ran).toHaveLength(2);
    answers[1]!([{ one: 1 }]);
    expect((await again).rows).toEqual([{ one: 1 }]);
  });
});

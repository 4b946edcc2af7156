import { DatabaseSync } from 'node:sqlite';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { inValues } from './value-lists.ts';

const postgres = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('inValues: one SQL text for a list of any length', () => {
  const database = new DatabaseSync(':memory:');
  const sqlite = new Kysely<unknown>({ dialect: new NodeSqliteDialect(database, 0) });
  database.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, uuid TEXT UNIQUE); INSERT INTO people VALUES (1, 'a'), (2, 'b'), (3, 'c')");
  const query = (dialect: 'sqlite' | 'postgres', ids: number[]) =>
    sql<{ id: number }>`SELECT id FROM people WHERE ${inValues(dialect, sql.ref('id'), 'integer', ids)} ORDER BY id`;

  it.each(['sqlite', 'postgres'] as const)('compiles one and fifteen values to the same text, values bound (%s)', (dialect) => {
    const db = dialect === 'sqlite' ? sqlite : postgres;
    const one = query(dialect, [7]).compile(db);
    const fifteen = query(
      dialect,
      Array.from({ length: 15 }, (_, i) => i + 1),
    ).compile(db);
    expect(fifteen.sql).toBe(one.sql);
    expect(one.parameters).toHaveLength(1);
    expect(one.sql).not.toContain('7');
  });

  it('matches the listed rows on SQLite, numbers and texts, and none for an empty list', async () => {
    expect((await query('sqlite', [3, 1, 9]).execute(sqlite)).rows).toEqual([{ id: 1 }, { id: 3 }]);
    expect((await query('sqlite', []).execute(sqlite)).rows).toEqual([]);
    const byUuid = sql<{ id: number }>`SELECT id FROM people WHERE ${inValues('sqlite', sql.ref('uuid'), 'text', ['b', "c' OR 1=1 --"])}`;
    expect((await byUuid.execute(sqlite)).rows).toEqual([{ id: 2 }]);
  });

  it('reads through the index on SQLite, not a scan', () => {
    const compiled = sql`SELECT id FROM people WHERE ${inValues('sqlite', sql.ref('uuid'), 'text', ['a'])}`.compile(sqlite);
    const plan = database.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...(compiled.parameters as string[]));
    expect(plan.map((step) => String(step.detail)).join('\n')).toMatch(/SEARCH people USING COVERING INDEX/);
  });
});

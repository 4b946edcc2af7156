import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { NodeSqliteDialect, type HeldConnectionWork } from './node-sqlite-dialect.ts';

function open(held?: HeldConnectionWork) {
  const database = new DatabaseSync(':memory:');
  const db = new Kysely<unknown>({ dialect: new NodeSqliteDialect(database, 0, held) });
  database.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  return { database, db };
}

describe('the node:sqlite driver (docs/architecture.md)', () => {
  it('answers rows for a SELECT and a write with RETURNING, and counts for a plain write, each time its statement is reused', async () => {
    const { db } = open();
    for (const body of ['first', 'second']) {
      const insert = await sql`INSERT INTO notes (body) VALUES (${body})`.execute(db);
      expect(insert.rows).toEqual([]);
      expect(insert.numAffectedRows).toBe(1n);
    }
    for (const body of ['third', 'fourth']) {
      const returned = await sql<{ id: number }>`INSERT INTO notes (body) VALUES (${body}) RETURNING id`.execute(db);
      expect(returned.rows).toHaveLength(1);
      expect(returned.numAffectedRows).toBeUndefined();
    }
    const selectAll = () => sql<{ id: number; body: string }>`SELECT * FROM notes ORDER BY id`.execute(db);
    expect((await selectAll()).rows.map((row) => row.body)).toEqual(['first', 'second', 'third', 'fourth']);
    expect((await selectAll()).rows).toHaveLength(4);
    const none = await sql`SELECT id FROM notes WHERE id < 0`.execute(db);
    expect(none.rows).toEqual([]);
    expect(none.numAffectedRows).toBeUndefined();
    await db.destroy();
  });

  it('keeps answering rows from a reused SELECT * after a column is added to its table', async () => {
    const { database, db } = open();
    database.exec("INSERT INTO notes (body) VALUES ('one')");
    const selectAll = () => sql<Record<string, unknown>>`SELECT * FROM notes`.execute(db);
    expect((await selectAll()).rows).toEqual([{ id: 1, body: 'one' }]);
    database.exec("ALTER TABLE notes ADD COLUMN tag TEXT DEFAULT 'x'");
    expect((await selectAll()).rows).toEqual([{ id: 1, body: 'one', tag: 'x' }]);
    await db.destroy();
  });

  it('runs work that is due before handing the connection over, and the caller waits for it', async () => {
    let due = true;
    const order: string[] = [];
    const { db } = open({
      due: () => due,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('held work');
        due = false;
      },
    });
    await sql`INSERT INTO notes (body) VALUES ('after')`.execute(db);
    order.push('statement');
    await sql`INSERT INTO notes (body) VALUES ('again')`.execute(db);
    order.push('statement');
    expect(order).toEqual(['held work', 'statement', 'statement']);
    await db.destroy();
  });
});

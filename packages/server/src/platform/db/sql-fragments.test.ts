import { describe, expect, it, vi } from 'vitest';
import { sql as kyselySql, type KyselyPlugin, type RawBuilder, type RootOperationNode } from 'kysely';
import { compileOnly } from '../../test-support/compile-only.ts';
import { sql as fragmentSql, writeFragments } from './sql-fragments.ts';

const dialects = {
  postgres: compileOnly('postgres'),
  sqlite: compileOnly('sqlite'),
  // Not a database Docket runs on: its compiler quotes with backticks, so fragments leave it to Kysely.
  mysql: compileOnly('mysql'),
};

type Tag = typeof kyselySql;

/** A list page's kind of statement, written once against either tag. */
function statement(sql: Tag | typeof fragmentSql): RawBuilder<unknown> {
  const d = sql.ref('d');
  const where = sql.join(
    [
      sql`${d}.org_id = ${7}`,
      sql`${d}.doc_type = ${sql.lit("it's")}`,
      sql`(${sql.ref('d.status')} IN (${sql.join(['Open', 'Closed'])}))`,
      sql`(${sql.ref('d.data')} #> cast(${['a', 'b']} as text[])) IS NULL`,
      sql`${sql.val(true)} AND ${sql.lit(2.5)} > ${sql.lit(null)}`,
    ],
    sql` AND `,
  );
  return sql`SELECT ${sql.raw('d.id')}, ${sql.id('k0')}, ${sql.id('odd"name', 'x')} FROM documents AS d WHERE ${where} ORDER BY ${sql.ref('d.created_date')} DESC LIMIT ${sql.lit(15)}`;
}

describe('SQL fragments', () => {
  for (const [name, db] of Object.entries(dialects)) {
    it(`compile to the same text and parameters as Kysely's own tag on ${name}`, () => {
      const ours = statement(fragmentSql).compile(db);
      const kysely = statement(kyselySql).compile(db);
      expect(ours.sql).toBe(kysely.sql);
      expect(ours.parameters).toEqual(kysely.parameters);
      expect(ours.parameters).toEqual([7, 'Open', 'Closed', ['a', 'b'], true]);
    });
  }

  it("leave a tree holding Kysely's other nodes (a query builder's subquery) to Kysely's compiler, with the same result", () => {
    for (const db of Object.values(dialects)) {
      const inner = db
        .selectFrom('identities' as never)
        .select('uuid' as never)
        .where('display_name' as never, '=', 'Ada' as never);
      const ours =
        fragmentSql`SELECT ${fragmentSql.ref('d.id')} FROM documents AS d WHERE d.created_by IN (${inner}) AND d.org_id = ${4}`.compile(db);
      const kysely =
        kyselySql`SELECT ${kyselySql.ref('d.id')} FROM documents AS d WHERE d.created_by IN (${inner}) AND d.org_id = ${4}`.compile(db);
      expect(ours.sql).toBe(kysely.sql);
      expect(ours.parameters).toEqual(['Ada', 4]);
    }
  });

  it('write dates, big integers and quotes in literals as Kysely does', () => {
    for (const db of Object.values(dialects)) {
      const at = new Date('2026-11-30T04:00:00.000Z');
      const text = (sql: Tag | typeof fragmentSql) =>
        sql`SELECT ${sql.lit(at)}, ${sql.lit(12n)}, ${sql.lit(false)}, ${sql.lit("a''b")}, ${at}`.compile(db);
      expect(text(fragmentSql).sql).toBe(text(kyselySql).sql);
      expect(text(fragmentSql).parameters).toEqual([at]);
    }
  });

  it("write the text themselves on SQLite and PostgreSQL, and leave any other compiler's to Kysely", () => {
    const styles = { sqlite: 'positional', postgres: 'numbered' } as const;
    for (const [name, style] of Object.entries(styles)) {
      const db = dialects[name as keyof typeof styles];
      statement(fragmentSql).compile(db); // the executor's compiler is checked once
      const compileQuery = vi.spyOn(db.getExecutor(), 'compileQuery');
      const ours = statement(fragmentSql).compile(db);
      expect(compileQuery).not.toHaveBeenCalled();
      compileQuery.mockRestore();
      expect(writeFragments(statement(fragmentSql).toOperationNode(), style)).toEqual({ sql: ours.sql, parameters: ours.parameters });
    }
    const mysql = dialects.mysql;
    statement(fragmentSql).compile(mysql);
    const compileQuery = vi.spyOn(mysql.getExecutor(), 'compileQuery');
    expect(statement(fragmentSql).compile(mysql).sql).toContain('`odd"name`');
    expect(compileQuery).toHaveBeenCalledTimes(1);
  });

  it("check a database's compiler once, not again in each of its transactions", async () => {
    const db = dialects.sqlite;
    statement(fragmentSql).compile(db);
    await db.transaction().execute(async (trx) => {
      const compileQuery = vi.spyOn(trx.getExecutor(), 'compileQuery');
      statement(fragmentSql).compile(trx);
      expect(compileQuery).not.toHaveBeenCalled();
    });
  });

  it('nest inside Kysely builders and take Kysely fragments inside them', () => {
    const db = dialects.sqlite;
    const ours = db
      .selectFrom('documents' as never)
      .select(fragmentSql<number>`count(*)`.as('n'))
      .where(fragmentSql<boolean>`${kyselySql.ref('org_id')} = ${3}`)
      .compile();
    expect(ours.sql).toBe('select count(*) as "n" from "documents" where "org_id" = ?');
    expect(ours.parameters).toEqual([3]);
  });

  it("run a query through Kysely's plugins, as Kysely's tag does", () => {
    const seen: string[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        seen.push(args.node.kind);
        return args.node as RootOperationNode;
      },
      transformResult: async (args) => args.result,
    };
    fragmentSql`SELECT ${1}`.compile(dialects.postgres.withPlugin(plugin));
    expect(seen).toEqual(['RawNode']);
  });

  it('refuse a function as a value, where a value could only be a mistake', () => {
    expect(() => fragmentSql`SELECT ${() => 1}`).toThrow(/not an SQL value/);
  });

  it('make one node per column name, so a reference costs a lookup', () => {
    expect(fragmentSql.ref('d.site_id').toOperationNode().parameters[0]).toBe(fragmentSql.ref('d.site_id').toOperationNode().parameters[0]);
  });
});

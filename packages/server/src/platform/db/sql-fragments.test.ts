import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql as kyselySql,
  type KyselyPlugin,
  type RawBuilder,
  type RootOperationNode,
} from 'kysely';
import { sql as fragmentSql } from './sql-fragments.ts';

const dialects = {
  postgres: new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
  sqlite: new Kysely<unknown>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
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

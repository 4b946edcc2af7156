/**
 * A Kysely instance that compiles statements and never runs them (Kysely's DummyDriver), with the
 * compiler of one dialect: for tests of the SQL text Docket writes.
 */
import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

const DIALECTS = {
  sqlite: { adapter: SqliteAdapter, introspector: SqliteIntrospector, compiler: SqliteQueryCompiler },
  postgres: { adapter: PostgresAdapter, introspector: PostgresIntrospector, compiler: PostgresQueryCompiler },
  // Not a database Docket runs on: a compiler that quotes otherwise, for fallbacks.
  mysql: { adapter: MysqlAdapter, introspector: MysqlIntrospector, compiler: MysqlQueryCompiler },
} as const;

export function compileOnly<DB = unknown>(dialect: keyof typeof DIALECTS): Kysely<DB> {
  const parts = DIALECTS[dialect];
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new parts.adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new parts.introspector(db),
      createQueryCompiler: () => new parts.compiler(),
    },
  });
}

import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { NodeSqliteDialect } from '@docket/server/src/platform/db/node-sqlite-dialect.ts';
import type { Tables } from '@docket/server/src/platform/db/tables.ts';
import type { Database } from '@docket/server/src/platform/db/database.ts';
import { builtinTypeByName, fieldCatalogOf, checkFilter, parseFilter, inList } from '@docket/shared';
import { typeConditions } from '@docket/server/src/platform/records/document-query.ts';
import { AccessScope } from '@docket/server/src/platform/access/access-scope.ts';
import { documentColumns } from '@docket/server/src/platform/records/document-shape.ts';
const raw = new DatabaseSync('/tmp/bench-sqlite/docket.sqlite');
const db = new Kysely<Tables>({ dialect: new NodeSqliteDialect(raw) });
const database: Database = { db, dialect: 'sqlite', async close() {} };
const type = builtinTypeByName('incident')!;
const catalog = fieldCatalogOf(type, { canSeeProtected: true });
const scope = { ...AccessScope.system(1, 'x'), rowFilter: inList('site_id', [3, 7]) } as AccessScope;
function build() {
  const filter = checkFilter(parseFilter("status = 'Closed' AND site_id = 3"), catalog);
  const where = typeConditions(database, { docType: 'incident', scope, catalog }, 'u', filter);
  return db.selectFrom('documents as d').leftJoin('identities as author', 'author.uuid', 'd.created_by').select(documentColumns.map((c) => `d.${c}` as const)).select('author.display_name as created_by_name').where((eb) => eb.and(where)).orderBy('d.created_date', 'desc').orderBy('d.id', 'desc').limit(15).offset(0);
}
const N = 5000;
let t = performance.now(); for (let i = 0; i < N; i++) build(); console.log('build µs', ((performance.now() - t) / N * 1000).toFixed(1));
t = performance.now(); for (let i = 0; i < N; i++) build().compile(); console.log('build+compile µs', ((performance.now() - t) / N * 1000).toFixed(1));
t = performance.now(); for (let i = 0; i < N; i++) checkFilter(parseFilter("status = 'Closed' AND site_id = 3"), catalog); console.log('parse+check µs', ((performance.now() - t) / N * 1000).toFixed(1));
const cols = sql.raw(documentColumns.map((c) => `d."${c}"`).join(', '));
function rawBuild() {
  const filter = checkFilter(parseFilter("status = 'Closed' AND site_id = 3"), catalog);
  const where = typeConditions(database, { docType: 'incident', scope, catalog }, 'u', filter);
  return sql`SELECT ${cols}, author.display_name AS created_by_name FROM documents AS d LEFT JOIN identities AS author ON author.uuid = d.created_by WHERE ${sql.join(where, sql` AND `)} ORDER BY d.created_date DESC, d.id DESC LIMIT ${15} OFFSET ${0}`;
}
t = performance.now(); for (let i = 0; i < N; i++) rawBuild().compile(db); console.log('raw build+compile µs', ((performance.now() - t) / N * 1000).toFixed(1));
t = performance.now(); for (let i = 0; i < N; i++) await rawBuild().execute(db); console.log('raw execute µs', ((performance.now() - t) / N * 1000).toFixed(1));
t = performance.now(); for (let i = 0; i < N; i++) await build().execute(); console.log('builder execute µs', ((performance.now() - t) / N * 1000).toFixed(1));

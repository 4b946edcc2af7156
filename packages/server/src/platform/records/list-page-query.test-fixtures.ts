/**
 * The list page query's test data (list-page-query.int.test.ts, list-page-site-branches.int.test.ts):
 * 1,200 demo incidents on a fresh app, and the conditions and order expressions of a list of them.
 */
import { sql } from 'kysely';
import { builtinTypeByName, checkFilter, fieldCatalogOf, parseFilter, parseOrderBy } from '@docket/shared';
import { startTestApp } from '../../test-support/test-app.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import type { DialectName } from '../db/database.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from './documents.repository.ts';
import type { OrderExpression } from './page-sql.ts';
import { typeConditions } from './document-query.ts';
import { fieldSql } from './field-sql.ts';

const ROWS = 1200;

const incident = builtinTypeByName('incident')!;
export const catalog = fieldCatalogOf(incident, { canSeeProtected: true });

/** What `startPagedIncidents` made: the app, the demo organisation and `listShape` over its incidents. */
export type PagedIncidents = Awaited<ReturnType<typeof startPagedIncidents>>;

/** A test app whose demo organisation has 1,200 incidents, analysed. */
export async function startPagedIncidents(dialect: DialectName) {
  // No background jobs: a job's end moves the data generation (data-generation.ts), which empties
  // the count cache between two reads a test expects the second to take from it.
  const t = await startTestApp(dialect, { jobs: false });
  const db = t.ctx.database.db;
  const orgId = (await db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id;
  const people = await db.selectFrom('identities').select('uuid').orderBy('uuid').limit(2).execute();
  // Two known authors and one whose identity no longer exists (the LEFT JOIN's null name).
  const authors = [...people.map((p) => p.uuid), 'a0000000-0000-4000-8000-00000000dead'];
  const rows: NewDocumentRow[] = [];
  for (let i = 0; i < ROWS; i++) {
    // Dates repeat every 97 rows so that ties are broken by the id.
    const date = new Date(Date.UTC(2024, 0, 1) + (i % 97) * 3_600_000).toISOString();
    const author = authors[i % authors.length]!;
    rows.push(incidentRow({ orgId, index: i, prefix: 'P', summaryPrefix: 'Paged incident', author, date }));
  }
  const scope = AccessScope.system(orgId, 'create', 'test data for list pages');
  await db.transaction().execute((trx) => insertDocumentRows(trx, scope, rows));
  // PostgreSQL: this schema's table only (other test schemas share the database).
  await (dialect === 'postgres' ? sql`ANALYZE documents` : sql`ANALYZE`).execute(db);

  function listShape(filterText: string | null, orderText: string) {
    const filter = filterText ? checkFilter(parseFilter(filterText), catalog) : null;
    const where = typeConditions(
      t.ctx.database,
      { docType: 'incident', scope: AccessScope.system(orgId, 'read', 'page query test'), catalog },
      'nobody',
      filter,
    );
    const order: OrderExpression[] = parseOrderBy(orderText, catalog).map((term) => ({
      expr: fieldSql(dialect, catalog, term.field, 'd').expr,
      direction: term.direction,
    }));
    return { where, order };
  }

  return { t, orgId, listShape };
}

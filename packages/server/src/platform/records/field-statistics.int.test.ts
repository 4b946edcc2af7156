/**
 * PostgreSQL: each single-field index on a data field comes with statistics on its expression
 * (field-statistics.ts, docs/architecture.md#planner-statistics), so the planner knows how many
 * values the field holds — a group by the field is estimated at a handful of groups, not at a
 * guess from the rows (one per row on 1,000,000 incidents) — and they go when the index goes, and come back at
 * start where an index lacks them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, fieldCatalogOf } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { scheduleStartIndexBuilds } from '../../modules/list-indexes/index-jobs.ts';
import { AccessScope } from '../access/access-scope.ts';
import { insertDocumentRows } from './documents.repository.ts';
import { indexDefinitionsOf } from './type-indexes.ts';
import { dropIndex } from './type-index-builds.ts';
import { afterIndexBuilds } from '../db/planner-statistics.ts';
import { fieldSql } from './field-sql.ts';

const INCIDENTS = 600;

describe.skipIf(!testDialects.includes('postgres'))('statistics on indexed data fields (PostgreSQL)', () => {
  let t: TestApp;
  const incident = builtinTypeByName('incident')!;
  const definitions = indexDefinitionsOf(incident, 'postgres');
  // A field of the incident alone: statistics on another type's field of the same name (a survey's
  // category) share its expression, and inform the incident's estimates too.
  const incidentDate = definitions.find((definition) => definition.name.startsWith('dx_incident_incident_date_'))!;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    const db = t.ctx.database.db;
    const { orgId, author } = await demoOrgAndAuthor(db);
    const rows = Array.from({ length: INCIDENTS }, (_, index) =>
      incidentRow({ orgId, index, prefix: 'ST', summaryPrefix: 'Counted', author, date: `2026-01-0${1 + (index % 9)}T00:00:00.000Z` }),
    );
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test data for statistics'), rows));
    await afterIndexBuilds(t.ctx.database, [incidentDate.name]);
  }, 120_000);
  afterAll(async () => t.close());

  const statisticsNames = async () =>
    (
      await sql<{ name: string }>`SELECT stxname AS name FROM pg_statistic_ext
      WHERE stxnamespace = current_schema()::regnamespace AND stxname LIKE 'ds_incident_%'`.execute(t.ctx.database.db)
    ).rows
      .map((row) => row.name)
      .sort();

  /** The planner's estimate of the groups of incidents by incidentDate. */
  async function estimatedGroups(): Promise<number> {
    const expr = fieldSql('postgres', fieldCatalogOf(incident, { canSeeProtected: true }), 'incident_date', 'd').expr;
    const plan = await sql<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>`EXPLAIN (FORMAT JSON)
      SELECT ${expr}, count(*) FROM documents AS d WHERE d.doc_type = 'incident' GROUP BY 1`.execute(t.ctx.database.db);
    return plan.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows'];
  }

  it('comes with each index on a data field, not with one on a promoted column', async () => {
    const expected = definitions.filter((definition) => definition.statistics).map((definition) => definition.statistics!.name);
    expect(expected).toContain(`ds_${incidentDate.name.slice(3)}`);
    expect(definitions.find((definition) => definition.name.startsWith('dx_incident_zone_id_'))?.statistics).toBeUndefined();
    expect(await statisticsNames()).toEqual([...expected].sort());
  });

  it('tells the planner how few values the field holds', async () => {
    // Nine dates: estimated as a few groups, where without statistics PostgreSQL guesses from the rows (tens of groups here).
    expect(await estimatedGroups()).toBeLessThan(20);
  });

  it('goes with its index, and comes back at start where an index lacks it', async () => {
    await dropIndex(t.ctx.database, incidentDate.name);
    expect(await statisticsNames()).not.toContain(incidentDate.statistics!.name);
    await afterIndexBuilds(t.ctx.database, [incidentDate.name]);
    expect(await estimatedGroups()).toBeGreaterThan(30);
    // The start builds the missing index with its statistics; an index left without them gets them.
    await scheduleStartIndexBuilds(t.ctx);
    expect(await statisticsNames()).toContain(incidentDate.statistics!.name);
    await sql`DROP STATISTICS ${sql.id(incidentDate.statistics!.name)}`.execute(t.ctx.database.db);
    await scheduleStartIndexBuilds(t.ctx);
    expect(await statisticsNames()).toContain(incidentDate.statistics!.name);
    expect(await estimatedGroups()).toBeLessThan(20);
  });
});

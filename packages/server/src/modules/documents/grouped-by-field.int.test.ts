/**
 * Group counts by an indexed field (docs/product/forms-and-lists.md#list-indexes): on the embedded
 * database a group whose conditions an index holds (the access fields and the default filter's
 * creation date) and that many documents match reads that index's entries instead of every row
 * (documents.service.ts, `groupThrough`) — the field's own index for one field, the group mode's
 * index for its cross-tab by status; a narrow filter, or one on a field the index does not hold,
 * reads as the planner chooses. On both databases, for the
 * administrator and a site manager, each group counts what the list of that value totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { builtinTypeByName } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { demoOrgAndAuthor, incidentRow } from '../../test-support/incident-rows.ts';
import { recordReaderStatements } from '../../test-support/reader-statements.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows } from '../../platform/records/documents.repository.ts';
import { groupIndexOf } from '../../platform/records/shape-index-hints.ts';
import { indexDefinitionsOf } from '../../platform/records/type-indexes.ts';

const incident = builtinTypeByName('incident')!;

describe.each(testDialects)('groups by an indexed field on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    manager = (await t.signIn('manager@demo.local')).access;
    const db = t.ctx.database.db;
    const { orgId, author } = await demoOrgAndAuthor(db);
    const managerSite = await db
      .selectFrom('acl_entries')
      .innerJoin('identities', 'identities.uuid', 'acl_entries.identity_uuid')
      .select('acl_entries.site_id')
      .where('identities.email', '=', 'manager@demo.local')
      .where('acl_entries.site_id', 'is not', null)
      .executeTakeFirstOrThrow();
    // Half at the manager's site, half elsewhere; some created before the default filter's 2023.
    const rows = Array.from({ length: 400 }, (_, i) => ({
      ...incidentRow({
        orgId,
        index: i,
        prefix: 'GB',
        summaryPrefix: 'Grouped incident',
        author,
        date: `${i % 5 === 0 ? 2021 : 2025}-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000Z`,
      }),
      site_id: i % 2 === 0 ? managerSite.site_id! : 900_001,
    }));
    await db.transaction().execute((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test data for groups'), rows));
    await (dialect === 'postgres' ? sql`ANALYZE documents` : sql`ANALYZE`).execute(db);
  }, 120_000);
  afterAll(async () => t.close());

  /** The group answer of `query` for `token`, and the bulk reader's statements meanwhile. */
  async function grouped(token: string, query: string): Promise<{ groups: { category: string; count: number }[]; statements: string[] }> {
    const recorded = recordReaderStatements(t.ctx.database, 'bulkReader');
    try {
      const answer = await t.as(token, { method: 'GET', url: `/v3/demo/incident?group_by=category&${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return { groups: answer.json().dataAr, statements: recorded.statements };
    } finally {
      recorded.stop();
    }
  }

  /** What the list of one category totals under the same arguments. */
  async function listTotal(token: string, query: string, category: string): Promise<number> {
    const filter = query.startsWith('filter=') ? `${decodeURIComponent(query.slice(7))} AND ` : '';
    const args = query.startsWith('args=') ? `&${query}` : '';
    const url = `/v3/demo/incident?count=1${args}&filter=${encodeURIComponent(`${filter}category = '${category}'`)}`;
    const answer = await t.as(token, { method: 'GET', url });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().total as number;
  }

  const categoryIndex = () => groupIndexOf(incident, 'sqlite', ['category'])!.name;

  it.each([
    ['admin', 'args=default', true],
    ['manager', 'args=default', true],
    ['admin', `filter=${encodeURIComponent("created_date >= '2099-01-01'")}`, false],
    ['admin', `filter=${encodeURIComponent("status = 'Closed'")}`, false],
  ])('counts each group as its list totals (%s, %s)', async (user, query, throughIndex) => {
    const token = user === 'admin' ? admin : manager;
    const { groups, statements } = await grouped(token, query);
    for (const group of groups) expect(group.count, group.category).toBe(await listTotal(token, query, group.category));
    if (!query.includes('2099')) expect(groups.length).toBeGreaterThan(1);
    // SQLite reads the category's index when it holds every condition and many match; PostgreSQL's planner chooses alone.
    const named = statements.some((text) => text.includes(`INDEXED BY "${categoryIndex()}"`));
    expect(named).toBe(dialect === 'sqlite' && throughIndex);
  });

  it.each([
    ['admin', 'args=default'],
    ['manager', 'args=default'],
  ])('counts the group mode’s cross-tab by category and status through its own index (%s, %s)', async (user, query) => {
    const token = user === 'admin' ? admin : manager;
    const recorded = recordReaderStatements(t.ctx.database, 'bulkReader');
    let groups: { category: string; status: string; count: number }[];
    try {
      const answer = await t.as(token, { method: 'GET', url: `/v3/demo/incident?group_by=category,status&${query}` });
      expect(answer.statusCode, answer.body).toBe(200);
      groups = answer.json().dataAr;
    } finally {
      recorded.stop();
    }
    expect(groups.length).toBeGreaterThan(2);
    for (const group of groups.slice(0, 6)) {
      const filter = encodeURIComponent(`category = '${group.category}' AND status = '${group.status}'`);
      const answer = await t.as(token, { method: 'GET', url: `/v3/demo/incident?count=1&${query}&filter=${filter}` });
      expect(group.count, `${group.category} ${group.status}`).toBe(answer.json().total);
    }
    const index = groupIndexOf(incident, 'sqlite', ['category', 'status'])!.name;
    expect(index).toMatch(/^gx_incident_/);
    expect(recorded.statements.some((text) => text.includes(`INDEXED BY "${index}"`))).toBe(dialect === 'sqlite');
  });

  it('lists the group mode’s index on the Indexes tab (SQLite only)', async () => {
    const answer = await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/incident?sizes=false' });
    expect(answer.statusCode, answer.body).toBe(200);
    const groupIndexes = (answer.json().existing as { name: string; kind: string; shape: string | null }[]).filter(
      (entry) => entry.kind === 'group',
    );
    expect(groupIndexes.map((entry) => entry.name)).toEqual(
      dialect === 'sqlite' ? [groupIndexOf(incident, 'sqlite', ['category', 'status'])!.name] : [],
    );
    expect(groupIndexes.every((entry) => entry.shape === 'category,status')).toBe(true);
  });

  it('the site manager counts only their site’s documents', async () => {
    const all = await grouped(admin, 'args=default');
    const own = await grouped(manager, 'args=default');
    const sum = (groups: { count: number }[]) => groups.reduce((total, group) => total + group.count, 0);
    expect(sum(own.groups)).toBeGreaterThan(0);
    expect(sum(own.groups)).toBeLessThan(sum(all.groups));
  });

  it.runIf(dialect === 'sqlite')('answers the same counts when the index is not there', async () => {
    const before = await grouped(admin, 'args=default');
    const definition = indexDefinitionsOf(incident, 'sqlite').find((d) => d.name === categoryIndex())!;
    const db = t.ctx.database.db;
    await sql`DROP INDEX ${sql.id(definition.name)}`.execute(db);
    try {
      const after = await grouped(admin, 'args=default');
      expect(after.groups).toEqual(before.groups);
    } finally {
      await definition.ddl(false).execute(db);
    }
  });
});

/**
 * Reads that may walk every document of a type — a list's groups, a search, the tags of a type,
 * keyword lists, the todo's candidates, recent activity — run on the reader connections, never on the write connection: on the embedded
 * database that connection runs in the event loop, and a group over 1,000,000 documents took
 * 0.1–2 s there (bench/README.md, eleventh session). A plugin on the write connection refuses any
 * read of `documents`; each read still answers.
 */
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinTypeByName, fieldCatalogOf } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { placesOf } from '../../test-support/access-fixtures.ts';
import type { Database } from '../db/database.ts';
import { AccessScope } from '../access/access-scope.ts';
import { groupDocuments } from './document-groups.repository.ts';
import { searchText } from '../../modules/search/search.repository.ts';
import { keywordLists, postTags } from '../../modules/lookups/lookups.repository.ts';
import { openWorkflowRows } from '../../modules/todo/todo.repository.ts';
import { countRecentEvents, listRecentEvents, recentDriver } from '../../modules/events/recent-events.repository.ts';

/** Refuses every SELECT that names `documents` (as JSON of its syntax tree, raw SQL included). */
const noDocumentReads: KyselyPlugin = {
  transformQuery: ({ node }) => {
    const text = JSON.stringify(node);
    if ((node.kind === 'SelectQueryNode' || node.kind === 'RawNode') && /"documents"|documents AS d|FROM documents/i.test(text))
      throw new Error('a documents read on the write connection');
    return node;
  },
  transformResult: async ({ result }) => result,
};

describe.each(testDialects)('reads of many documents on %s', (dialect) => {
  let t: TestApp;
  let guarded: Database;
  let orgId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect, dialect === 'sqlite' ? { readThreads: 2 } : {});
    guarded = { ...t.ctx.database, db: t.ctx.database.db.withPlugin(noDocumentReads) };
    const places = await placesOf(t, 'demo');
    orgId = places.orgId;
    const admin = (await t.signIn('admin@demo.local')).access;
    const incident = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { summary: 'Walkway obstructed', descrip: 'x', category: 'Near Miss', site_id: [...places.sites.values()][0] },
    });
    expect(incident.statusCode, incident.body).toBe(201);
  });
  afterAll(async () => t.close());

  const part = (docType: string) => ({
    docType,
    scope: AccessScope.system(orgId, 'read', 'reads on the reader connections'),
    catalog: fieldCatalogOf(builtinTypeByName(docType)!, { canSeeProtected: true }),
  });

  it('counts groups on a reader connection', async () => {
    const groups = await groupDocuments(guarded, { ...part('incident'), filter: null, fields: ['status'], userId: 'nobody' });
    expect(groups.total).toBeGreaterThan(0);
  });

  it('searches on a reader connection', async () => {
    const found = await searchText(guarded, { orgId, parts: [part('incident')], userId: 'nobody', terms: ['walkway'], start: 0, count: 5 });
    expect(found.rows.length).toBeGreaterThan(0);
  });

  it("reads a type's tags and the keyword lists on a reader connection", async () => {
    await expect(postTags(guarded, part('post'), 'nobody', undefined, 10)).resolves.toBeInstanceOf(Array);
    await expect(keywordLists(guarded, part('keyword_list'), 'nobody', undefined)).resolves.toBeInstanceOf(Array);
  });

  it("finds the todo's candidates on a reader connection", async () => {
    const rows = await openWorkflowRows(guarded, orgId, [part('incident')], 'nobody', 10);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('reads the recent activity, its join order and its total on a reader connection', async () => {
    const request = { orgId, parts: [part('incident')], userId: 'nobody', start: 0, count: 10, types: null };
    const driver = await recentDriver(guarded, request);
    for (const order of ['events', 'documents'] as const) {
      expect((await listRecentEvents(guarded, request, order)).length).toBeGreaterThan(0);
    }
    expect(['events', 'documents']).toContain(driver);
    expect((await countRecentEvents(guarded, request)).total).toBeGreaterThan(0);
  });

  it('is a test that fails on the write connection', async () => {
    const unguarded = { ...guarded, reader: guarded.db, bulkReader: guarded.db };
    await expect(groupDocuments(unguarded, { ...part('incident'), filter: null, fields: ['status'], userId: 'nobody' })).rejects.toThrow(
      'a documents read on the write connection',
    );
  });
});

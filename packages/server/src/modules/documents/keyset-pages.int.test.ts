/**
 * Keyset continuation (docs/product/forms-and-lists.md#deep-pages): walking a list with
 * `after=<cursors.next>` and back with `before=<cursors.previous>` answers exactly the pages that
 * `start` answers, for orders with ties and with NULLs, on both databases; a cursor never widens
 * what the caller may read (a site-restricted member, another organisation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentAnswer, ListAnswer } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf, type Places } from '../../test-support/access-fixtures.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows, type NewDocumentRow } from '../../platform/records/documents.repository.ts';

const ROWS = 130;
const COUNT = 15;

type Answer = ListAnswer<DocumentAnswer>;

describe.each(testDialects)('keyset pages on %s', (dialect) => {
  let t: TestApp;
  let demo: Places;
  let acme: Places;
  let admin: string;
  let restricted: string;
  let acmeAdmin: string;

  async function seedRows(places: Places, prefix: string): Promise<void> {
    const author = (await t.ctx.database.db.selectFrom('identities').select('uuid').limit(1).executeTakeFirstOrThrow()).uuid;
    const sites = [...places.sites.values()];
    const rows: NewDocumentRow[] = [];
    for (let i = 0; i < ROWS; i++) {
      // Dates repeat every 11 rows (ties broken by the id); every fourth row has no priority (NULL).
      const date = new Date(Date.UTC(2025, 0, 1) + (i % 11) * 3_600_000).toISOString();
      const row = incidentRow({ orgId: places.orgId, index: i, prefix, summaryPrefix: 'Keyset', author, date });
      const data = JSON.parse(String(row.data)) as Record<string, unknown>;
      if (i % 4 === 0) delete data.priority;
      rows.push({ ...row, site_id: sites[i % sites.length]!, data: JSON.stringify(data) });
    }
    const scope = AccessScope.system(places.orgId, 'create', 'test data for keyset pages');
    await t.ctx.database.db.transaction().execute((trx) => insertDocumentRows(trx, scope, rows));
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    demo = await placesOf(t, 'demo');
    acme = await placesOf(t, 'acme');
    await seedRows(demo, 'K');
    await seedRows(acme, 'A');
    await addMember(t, demo.orgId, {
      email: 'keyset-restricted@demo.local',
      level: 3,
      roles: ['editor'],
      scope: 3,
      siteId: demo.sites.get('NPL')!,
    });
    admin = (await t.signIn('admin@demo.local')).access;
    restricted = (await t.signIn('keyset-restricted@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  }, 120_000);
  afterAll(async () => t.close());

  async function list(token: string, app: string, query: Record<string, string | number>): Promise<Answer> {
    const response = await t.as(token, { method: 'GET', url: `/v3/${app}/incident`, query: mapValues(query) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Answer;
  }

  const ids = (answer: Answer) => answer.dataAr.map((doc) => doc.id);

  async function offsetPages(token: string, app: string, order: string): Promise<Answer[]> {
    const pages: Answer[] = [];
    for (let start = 0; ; start += COUNT) {
      const page = await list(token, app, { order, count: COUNT, start });
      if (page.dataAr.length === 0) return pages;
      pages.push(page);
    }
  }

  it.each(['created_date desc', 'created_date asc', 'priority asc', 'priority desc', 'priority desc, created_date asc', 'summary asc'])(
    'answers the offset pages going forward and back (order %s)',
    async (order) => {
      const expected = await offsetPages(admin, 'demo', order);
      expect(expected.length).toBeGreaterThan(8);
      // Forward: each page from the previous one's next cursor.
      let page = expected[0]!;
      for (let index = 1; index < expected.length; index++) {
        page = await list(admin, 'demo', { order, count: COUNT, start: index * COUNT, after: page.cursors!.next });
        expect(ids(page), `page ${index + 1}`).toEqual(ids(expected[index]!));
        expect(page.total).toBe(expected[index]!.total);
      }
      const past = await list(admin, 'demo', { order, count: COUNT, after: page.cursors!.next });
      expect(past.dataAr).toEqual([]);
      // Back: each page from the following one's previous cursor.
      for (let index = expected.length - 2; index >= 0; index--) {
        page = await list(admin, 'demo', { order, count: COUNT, start: index * COUNT, before: page.cursors!.previous });
        expect(ids(page), `page ${index + 1} backwards`).toEqual(ids(expected[index]!));
      }
    },
  );

  it("keeps a site-restricted member's keyset pages within their site, even from an administrator's cursor", async () => {
    const order = 'priority asc';
    const npl = demo.sites.get('NPL')!;
    const expected = await offsetPages(restricted, 'demo', order);
    expect(expected.length).toBeGreaterThan(1);
    let page = expected[0]!;
    for (let index = 1; index < expected.length; index++) {
      page = await list(restricted, 'demo', { order, count: COUNT, start: index * COUNT, after: page.cursors!.next });
      expect(ids(page)).toEqual(ids(expected[index]!));
    }
    const adminFirst = await list(admin, 'demo', { order, count: COUNT });
    const fromAdminCursor = await list(restricted, 'demo', { order, count: 100, after: adminFirst.cursors!.next });
    expect(fromAdminCursor.dataAr.length).toBeGreaterThan(0);
    expect(fromAdminCursor.dataAr.every((doc) => doc.site_id === npl)).toBe(true);
  });

  it("answers another organisation's rows only, whatever cursor it is given", async () => {
    const order = 'created_date desc';
    const demoFirst = await list(admin, 'demo', { order, count: COUNT });
    const acmeAll = await list(acmeAdmin, 'acme', { order, count: 500 });
    const acmeIds = new Set(ids(acmeAll));
    const fromDemoCursor = await list(acmeAdmin, 'acme', { order, count: 100, after: demoFirst.cursors!.next });
    expect(fromDemoCursor.dataAr.length).toBeGreaterThan(0);
    expect(ids(fromDemoCursor).every((id) => acmeIds.has(id))).toBe(true);
    expect(ids(fromDemoCursor).some((id) => ids(demoFirst).includes(id))).toBe(false);
  });

  it('refuses a cursor that is not one, one made for another order, and after with before (400)', async () => {
    const first = await list(admin, 'demo', { order: 'created_date desc', count: COUNT });
    const cases: [Record<string, string>, RegExp][] = [
      [{ after: 'not-a-cursor' }, /Invalid cursor/],
      [{ order: 'priority asc', after: first.cursors!.next }, /another order/],
      [{ after: first.cursors!.next, before: first.cursors!.previous }, /after or before/],
    ];
    for (const [query, message] of cases) {
      const response = await t.as(admin, { method: 'GET', url: '/v3/demo/incident', query });
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { error_description: string }).error_description).toMatch(message);
    }
  });
});

function mapValues(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

/**
 * `$$types` answers, per type, whether the caller may create it (`access.create`), decided by the
 * same `authorize()` a create runs — so the web's Create button matches what POST answers
 * (docs/product/access.md). The grant shapes below are those where the web once decided on its
 * own and disagreed with the server: an Editor without the create flag, a Reader with it, a
 * level-0 (No Access) entry with it, and Depositors with and without it; the demo editor and the
 * administrator are the callers who may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDocumentType } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { addMember, placesOf, type MemberSpec } from '../../test-support/access-fixtures.ts';

const members: Record<string, Omit<MemberSpec, 'email'>> = {
  editorWithoutCreate: { level: 4, roles: ['editor'], canCreate: false },
  readerWithCreate: { level: 2, roles: ['reader'], canCreate: true },
  noAccessWithCreate: { level: 0, roles: [], canCreate: true },
  depositorWithoutCreate: { level: 1, roles: [], canCreate: false },
  depositorWithCreate: { level: 1, roles: [], canCreate: true },
};

/** What each caller may create, as the server's rules have it. */
const expected: Record<string, { incident: boolean; post: boolean }> = {
  editorWithoutCreate: { incident: false, post: false },
  readerWithCreate: { incident: false, post: false },
  noAccessWithCreate: { incident: false, post: false },
  depositorWithoutCreate: { incident: false, post: false },
  depositorWithCreate: { incident: true, post: false },
  demoEditor: { incident: true, post: false },
  admin: { incident: true, post: true },
};

describe.each(testDialects)('the create access $$types answers on %s', (dialect) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  let northPlant: number;
  let harbourDepot: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const places = await placesOf(t, 'demo');
    northPlant = places.sites.get('NPL')!;
    harbourDepot = places.sites.get('HBR')!;
    for (const [name, spec] of Object.entries(members)) {
      await addMember(t, places.orgId, { email: `${name.toLowerCase()}@types.local`, ...spec });
      tokens.set(name, (await t.signIn(`${name.toLowerCase()}@types.local`)).access);
    }
    tokens.set('demoEditor', (await t.signIn('editor@demo.local')).access);
    tokens.set('admin', (await t.signIn('admin@demo.local')).access);
  }, 120_000);
  afterAll(async () => t.close());

  const bodies = {
    incident: (siteId: number) => ({
      summary: 'Type access check',
      descrip: 'Created by the type access test',
      incident_date: '2026-03-01T09:00:00.000Z',
      category: 'Injury',
      site_id: siteId,
    }),
    post: (_siteId: number) => ({ summary: 'Type access check', descrip: 'Created by the type access test' }),
  };

  /** `access.create` of a type in the caller's `$$types`; a type not offered at all cannot be created. */
  async function offeredCreate(token: string, type: string): Promise<boolean> {
    const answer = await t.as(token, { method: 'GET', url: '/v3/demo/$$types' });
    expect(answer.statusCode).toBe(200);
    const types = (answer.json() as { dataAr: ClientDocumentType[] }).dataAr;
    for (const offered of types) expect(typeof offered.access.create, offered.type).toBe('boolean');
    return types.find((offered) => offered.type === type)?.access.create ?? false;
  }

  it.each(Object.keys(expected))('answers %s the create access that POST enforces', async (name) => {
    const token = tokens.get(name)!;
    for (const type of ['incident', 'post'] as const) {
      const offered = await offeredCreate(token, type);
      expect(offered, `${name} ${type} in $$types`).toBe(expected[name]![type]);
      // The demo editor works at Harbour Depot (site scope); the others' entries cover every site.
      const siteId = name === 'demoEditor' ? harbourDepot : northPlant;
      const created = await t.as(token, { method: 'POST', url: `/v3/demo/${type}`, payload: bodies[type](siteId) });
      expect(created.statusCode, `${name} POST ${type}: ${created.body}`).toBe(offered ? 201 : 403);
    }
  });

  it('answers create for a site-scoped editor, whose scope then decides where', async () => {
    const editor = tokens.get('demoEditor')!;
    expect(await offeredCreate(editor, 'incident')).toBe(true);
    const elsewhere = await t.as(editor, { method: 'POST', url: '/v3/demo/incident', payload: bodies.incident(northPlant) });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('answers the same access for one type as in the list', async () => {
    const one = await t.as(tokens.get('depositorWithCreate')!, { method: 'GET', url: '/v3/demo/$$types/incident' });
    expect(one.statusCode).toBe(200);
    expect((one.json() as ClientDocumentType).access).toEqual({ create: true });
    const editor = await t.as(tokens.get('editorWithoutCreate')!, { method: 'GET', url: '/v3/demo/$$types/incident' });
    expect((editor.json() as ClientDocumentType).access).toEqual({ create: false });
  });
});

/**
 * The authorization matrix (issue 3 item 3, in the style of Keycloak's PermissionsTest): every
 * registered route × every principal × the expected status (authorization-matrix.test-rows.ts). The
 * routes are read from Fastify itself, so a new route without a row fails here. Then: every list,
 * group count and search answers exactly the documents a single-document GET allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { principalNames, setUpMatrix, type Fixtures, type PrincipalName } from './authorization-matrix.test-fixtures.ts';
import { expectedFor, matrixRows } from './authorization-matrix.test-rows.ts';

/** `METHOD /path` of every route, from Fastify's route tree (HEAD mirrors GET; the docs UI's own files are public assets). */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = path;
    const methods = (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m && m !== 'HEAD');
    for (const method of methods) routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].filter((route) => !/^GET \/api\/docs\//.test(route)).sort();
}

describe.each(testDialects)('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let f: Fixtures;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    f = await setUpMatrix(t);
  }, 120_000);
  afterAll(async () => t.close());

  it('has exactly one row for every registered route', () => {
    const rows = matrixRows.map((row) => row.route).sort();
    expect(new Set(rows).size).toBe(rows.length);
    const routes = registeredRoutes(t.app);
    expect(
      routes.filter((route) => !rows.includes(route)),
      'routes without a matrix row',
    ).toEqual([]);
    expect(
      rows.filter((route) => !routes.includes(route)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it.each(matrixRows.map((row) => [row.route, row] as const))('%s answers each principal as expected', async (_route, row) => {
    const wrong: string[] = [];
    for (const who of principalNames) {
      const expected = expectedFor(row, who);
      const response = await f.as(who, await row.request(f, who));
      if (!expected.includes(response.statusCode))
        wrong.push(`${who}: expected ${expected.join('|')}, got ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers every list, group count and search with exactly the documents a single GET allows', async () => {
    for (const site of ['NPL', 'HBR', 'SYD']) {
      for (const who of ['admin', 'owner', 'depositor', 'managerSite', 'editorSite'] as PrincipalName[]) {
        await f.as(who, { method: 'POST', url: '/v3/demo/incident', payload: f.incidentBody(site) });
      }
    }
    const ids = (
      await t.ctx.database.db
        .selectFrom('documents')
        .select('id')
        .where('doc_type', '=', 'incident')
        .where('org_id', '=', f.places.orgId)
        .execute()
    ).map((r) => Number(r.id));
    const readers = principalNames.filter((who) => !['anonymous', 'expired', 'disabled', 'acmeAdmin'].includes(who));
    const seen = new Set<number>();
    for (const who of readers) {
      const list = await f.as(who, { method: 'GET', url: '/v3/demo/incident?count=500' });
      expect(list.statusCode).toBe(200);
      const listed = new Set<number>(list.json().dataAr.map((d: { id: number }) => d.id));
      expect(list.json().total, who).toBe(listed.size);
      const allowed = new Set<number>();
      for (const id of ids) {
        const one = await f.as(who, { method: 'GET', url: `/v3/demo/incident/${id}` });
        expect([200, 404], `${who} GET ${id}`).toContain(one.statusCode);
        if (one.statusCode === 200) allowed.add(id);
      }
      expect([...listed].sort(), who).toEqual([...allowed].sort());
      for (const id of allowed) seen.add(id);
      const groups = await f.as(who, { method: 'GET', url: '/v3/demo/incident?group_by=site_id' });
      if (groups.statusCode === 200) {
        const counted = groups.json().dataAr.reduce((sum: number, g: { count: number }) => sum + g.count, 0);
        expect(counted, `${who} group_by`).toBe(allowed.size);
      }
      const search = await f.as(who, { method: 'GET', url: '/v3/demo/search?query=Matrix&type=incident&count=500' });
      if (search.statusCode === 200) {
        const found: number[] = search.json().dataAr.map((d: { id: number }) => d.id);
        expect(
          found.filter((id) => !allowed.has(id)),
          `${who} search`,
        ).toEqual([]);
      }
    }
    // The scoped principals really are restricted: someone cannot see everything.
    expect(seen.size).toBe(ids.length);
    const editorSite = (await f.as('editorSite', { method: 'GET', url: '/v3/demo/incident?count=500' })).json().dataAr;
    expect(editorSite.length).toBeGreaterThan(0);
    expect(editorSite.every((d: { site_id: number }) => d.site_id === f.places.sites.get('HBR'))).toBe(true);
  });

  it('answers ids from another organisation with 404', async () => {
    const incident = await f.ownerIncident();
    const acl = await f.freshAcl();
    const member = await f.freshMember();
    for (const url of [
      `/v3/acme/incident/${incident}`,
      `/v3/acme/acl/${acl}`,
      `/v3/acme/users/${member}`,
      `/v3/acme/$$outbox/${f.outboxId}`,
    ]) {
      expect((await f.as('acmeAdmin', { method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await f.as('acmeAdmin', { method: 'DELETE', url: `/v3/acme/incident/${incident}` })).statusCode).toBe(404);
    expect((await f.as('acmeAdmin', { method: 'PUT', url: `/v3/acme/acl/${acl}`, payload: { level: 6 } })).statusCode).toBe(404);
  });
});

/**
 * The answer caches (principal cache, list-answer cache) never answer what data no longer says:
 * on both databases, with two users and two organisations, a change through the API, through the
 * repositories (no HTTP at all), a logout and a disabled account all show on the very next request.
 * On PostgreSQL, another process's change reaches us through LISTEN/NOTIFY.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, placesOf, type Places } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { accessGeneration, bumpDataGeneration, dataGeneration, onLocalDataChange } from '../../platform/cache/data-generation.ts';
import { changeChannelOf, startPgChangeNotifier } from '../../platform/cache/pg-change-notify.ts';
import { listAnswerCacheOf } from './list-answer-cache.ts';

const LIST = `/v3/demo/incident?filter=${encodeURIComponent("summary STARTS WITH 'Cache'")}&order=${encodeURIComponent('id asc')}`;
type Listed = { dataAr: { summary: string; site_id: number }[]; total: number };

describe.each(testDialects)('answer caches on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let restricted: string;
  let restrictedUuid: string;
  let places: Places;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    places = await placesOf(t, 'demo');
    restrictedUuid = await addMember(t, places.orgId, {
      email: 'cache-restricted@demo.local',
      level: 3,
      roles: ['editor'],
      scope: 3,
      siteId: places.sites.get('NPL')!,
    });
    admin = (await t.signIn('admin@demo.local')).access;
    restricted = (await t.signIn('cache-restricted@demo.local')).access;
    for (const [summary, site] of [
      ['Cache one', 'NPL'],
      ['Cache two', 'HBR'],
    ] as const) {
      const created = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { summary, descrip: 'x', category: 'Near Miss', site_id: places.sites.get(site) },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  const list = async (token: string) => {
    const response = await t.as(token, { method: 'GET', url: LIST });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json() as Listed;
  };

  it('keeps each caller their own answer for the same URL', async () => {
    const before = listAnswerCacheOf(t.ctx).size;
    expect((await list(admin)).dataAr.map((d) => d.summary)).toEqual(['Cache one', 'Cache two']);
    expect((await list(restricted)).dataAr.map((d) => d.summary)).toEqual(['Cache one']);
    expect(listAnswerCacheOf(t.ctx).size).toBe(before + 2);
    // Asked again: the same answers (now from the cache).
    expect((await list(admin)).total).toBe(2);
    expect((await list(restricted)).total).toBe(1);
  });

  it('shows a document created through the API on the next list', async () => {
    await list(admin);
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { summary: 'Cache three', descrip: 'x', category: 'Near Miss', site_id: places.sites.get('NPL') },
    });
    expect(created.statusCode).toBe(201);
    expect((await list(admin)).dataAr.map((d) => d.summary)).toContain('Cache three');
    expect((await list(restricted)).dataAr.map((d) => d.summary)).toContain('Cache three');
  });

  it('keeps principals cached across document writes, not across a change of what they are read from', async () => {
    const before = accessGeneration();
    const data = dataGeneration();
    const created = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { summary: 'Cache kept', descrip: 'x', category: 'Near Miss', site_id: places.sites.get('NPL') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { meta: _meta, ...doc } = created.json() as { id: number; meta: unknown };
    const edited = await t.as(admin, {
      method: 'PUT',
      url: `/v3/demo/incident/${doc.id}`,
      headers: { 'if-match': 'W/"1"' },
      payload: { ...doc, summary: 'Cache kept, edited' },
    });
    expect(edited.statusCode, edited.body).toBeLessThan(300);
    expect(dataGeneration()).toBeGreaterThan(data);
    expect(accessGeneration()).toBe(before);

    await t.ctx.database.db.updateTable('memberships').set({ org_id: places.orgId }).where('identity_uuid', '=', restrictedUuid).execute();
    expect(accessGeneration()).toBeGreaterThan(before);
  });

  it('shows a grant changed behind the API (straight in the database) on the next request', async () => {
    expect((await list(restricted)).dataAr.every((d) => d.site_id === places.sites.get('NPL'))).toBe(true);
    await t.ctx.database.db
      .updateTable('acl_entries')
      .set({ site_id: places.sites.get('HBR')! })
      .where('identity_uuid', '=', restrictedUuid)
      .execute();
    expect((await list(restricted)).dataAr.map((d) => d.summary)).toEqual(['Cache two']);
  });

  it('refuses a token on the next request after its logout, and a disabled account at once', async () => {
    const session = await t.signIn('cache-restricted@demo.local');
    expect((await t.as(session.access, { method: 'GET', url: LIST })).statusCode).toBe(200);
    const logout = await t.as(session.access, { method: 'DELETE', url: `/oauth/logout?refresh_token=${session.refresh}` });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await t.as(session.access, { method: 'GET', url: LIST })).statusCode).toBe(401);

    expect((await t.as(restricted, { method: 'GET', url: LIST })).statusCode).toBe(200);
    await t.ctx.database.db.updateTable('identities').set({ active: 0 }).where('uuid', '=', restrictedUuid).execute();
    expect((await t.as(restricted, { method: 'GET', url: LIST })).statusCode).toBe(401);
  });

  it('keeps organisations apart', async () => {
    const acme = (await t.signIn('admin@acme.local')).access;
    const response = await t.as(acme, { method: 'GET', url: LIST.replace('/demo/', '/acme/') });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Listed).total).toBe(0);
    expect((await t.as(acme, { method: 'GET', url: LIST })).statusCode).toBe(403);
  });

  it.runIf(dialect === 'postgres')('does not hear changes to the data of another schema on the same server', async () => {
    const url = process.env.TEST_DATABASE_URL;
    // A schema name of its own: the test's server (and its background jobs) publish on the real
    // schema's channel, whose messages this notifier would rightly hear.
    const schema = `${t.ctx.database.pgSchema ?? 'public'}_quiet`;
    const ours = startPgChangeNotifier(url, schema);
    const peer = new pg.Client({ connectionString: url });
    await peer.connect();
    // This process's own writes (background jobs of earlier tests) move the counter too.
    let localChanges = 0;
    const stopCounting = onLocalDataChange(() => (localChanges += 1));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = dataGeneration() - localChanges;
      await peer.query('SELECT pg_notify($1, $2)', [changeChannelOf(`${schema}_other`), 'another-deployment']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(dataGeneration() - localChanges).toBe(before);
      // The same message on this schema's channel is heard: the silence above is the channel's doing.
      await peer.query('SELECT pg_notify($1, $2)', [changeChannelOf(schema), 'a-peer-process']);
      const deadline = Date.now() + 5000;
      while (dataGeneration() - localChanges === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(dataGeneration() - localChanges).toBeGreaterThan(before);
    } finally {
      stopCounting();
      await peer.end();
      await ours.close();
    }
  });

  it.runIf(dialect === 'postgres')("hears another process's change through LISTEN/NOTIFY", async () => {
    const url = process.env.TEST_DATABASE_URL;
    const schema = t.ctx.database.pgSchema;
    const other = startPgChangeNotifier(url, schema);
    const ours = startPgChangeNotifier(url, schema);
    try {
      // Both listen once connected (each counts its own connection as a change).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = dataGeneration();
      // A write through this process: one local bump; the other notifier hears it and bumps again.
      await t.ctx.database.db.updateTable('documents').set({ summary: 'Cache renamed' }).where('summary', '=', 'Cache one').execute();
      const deadline = Date.now() + 5000;
      while (dataGeneration() < before + 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(dataGeneration()).toBeGreaterThanOrEqual(before + 2);
    } finally {
      await other.close();
      await ours.close();
    }
  });

  it.runIf(dialect === 'postgres')('tells changes made in quick succession one NOTIFY at a time on its connection', async () => {
    // Counts the queries in flight on each connection: pg refuses overlapping ones (deprecated now,
    // an error in pg 9).
    const inFlight = new Map<unknown, number>();
    let overlaps = 0;
    const query = pg.Client.prototype.query;
    const watched = function (this: pg.Client, ...args: unknown[]) {
      const running = (inFlight.get(this) ?? 0) + 1;
      inFlight.set(this, running);
      if (running > 1) overlaps += 1;
      const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
      const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      if (answer instanceof Promise) answer.then(done, done);
      else done();
      return answer;
    };
    pg.Client.prototype.query = watched as typeof query;
    const ours = startPgChangeNotifier(process.env.TEST_DATABASE_URL, `${t.ctx.database.pgSchema ?? 'public'}_burst`);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // One change per event-loop turn: each turn would publish while the previous NOTIFY is in flight.
      for (let turn = 0; turn < 50; turn++) {
        bumpDataGeneration();
        await new Promise((resolve) => setImmediate(resolve));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(overlaps).toBe(0);
    } finally {
      pg.Client.prototype.query = query;
      await ours.close();
    }
  });
});

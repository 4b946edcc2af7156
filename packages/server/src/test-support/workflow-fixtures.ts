/**
 * Set-up for workflow, timeline and attachment tests: their own members with site-scoped grants
 * (so the tests do not depend on the seed's details) and incidents created through the API.
 */
import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.ts';
import { addMember, placesOf } from './access-fixtures.ts';

export interface WorkflowCast {
  orgId: number;
  siteA: number;
  siteB: number;
  regionA: number;
  tokens: { editorA: string; managerA: string; managerB: string; readerA: string; admin: string; otherEditorA: string };
  uuids: { editorA: string; managerA: string; managerB: string; readerA: string; otherEditorA: string };
}

/** An editor, a second editor, a reader and a manager at one site; a manager at another. */
export async function workflowCast(t: TestApp): Promise<WorkflowCast> {
  const places = await placesOf(t, 'demo');
  const [siteA, siteB] = [...places.sites.values()];
  const siteRow = await t.ctx.database.db.selectFrom('documents').select('region_id').where('id', '=', siteA!).executeTakeFirstOrThrow();
  const regionA = Number(siteRow.region_id);
  regionOf.set(siteA!, regionA);
  const tag = randomUUID().slice(0, 8);
  const at = (site: number) => ({ scope: 3 as const, siteId: site, regionId: regionA });
  const uuids = {
    editorA: await addMember(t, places.orgId, { email: `wf-editor-${tag}@demo.local`, level: 4, roles: ['editor'], ...at(siteA!) }),
    otherEditorA: await addMember(t, places.orgId, {
      email: `wf-editor2-${tag}@demo.local`,
      level: 4,
      roles: ['editor'],
      canDelete: true,
      ...at(siteA!),
    }),
    managerA: await addMember(t, places.orgId, {
      email: `wf-manager-${tag}@demo.local`,
      level: 4,
      roles: ['manager'],
      canDelete: true,
      ...at(siteA!),
    }),
    managerB: await addMember(t, places.orgId, {
      email: `wf-managerb-${tag}@demo.local`,
      level: 4,
      roles: ['manager'],
      scope: 3,
      siteId: siteB!,
      regionId: null,
    }),
    readerA: await addMember(t, places.orgId, {
      email: `wf-reader-${tag}@demo.local`,
      level: 2,
      roles: ['reader'],
      canCreate: false,
      ...at(siteA!),
    }),
  };
  const sign = async (who: string) => (await t.signIn(`${who}-${tag}@demo.local`)).access;
  return {
    orgId: places.orgId,
    siteA: siteA!,
    siteB: siteB!,
    regionA,
    uuids,
    tokens: {
      editorA: await sign('wf-editor'),
      otherEditorA: await sign('wf-editor2'),
      managerA: await sign('wf-manager'),
      managerB: await sign('wf-managerb'),
      readerA: await sign('wf-reader'),
      admin: (await t.signIn('admin@demo.local')).access,
    },
  };
}

/** Site → region, filled by workflowCast (incidents carry both, as the form does). */
export const regionOf = new Map<number, number>();

export async function createIncident(
  t: TestApp,
  token: string,
  siteId: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; [key: string]: unknown }> {
  const response = await t.as(token, {
    method: 'POST',
    url: '/v3/demo/incident',
    payload: {
      summary: 'Slip in the hall',
      descrip: 'Wet floor near the entrance',
      incident_date: '2026-03-01T09:00:00.000Z',
      category: 'Injury',
      site_id: siteId,
      region_id: regionOf.get(siteId),
      ...extra,
    },
  });
  if (response.statusCode !== 201) throw new Error(`incident create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Where a safety visit at a site of the cast's organisation stands: the site, its region, a zone of it, the organisation's module. */
export async function visitPlaceOf(
  t: TestApp,
  cast: WorkflowCast,
  siteId: number,
): Promise<{ site_id: number; region_id: number | undefined; zone_id: number; module_id: number }> {
  const db = t.ctx.database.db;
  const [zone, module] = await Promise.all([
    db.selectFrom('documents').select('id').where('doc_type', '=', 'zone').where('site_id', '=', siteId).executeTakeFirstOrThrow(),
    db.selectFrom('documents').select('id').where('doc_type', '=', 'module').where('org_id', '=', cast.orgId).executeTakeFirstOrThrow(),
  ]);
  return { site_id: siteId, region_id: regionOf.get(siteId), zone_id: Number(zone.id), module_id: Number(module.id) };
}

export function postEvent(t: TestApp, token: string, payload: Record<string, unknown>) {
  return t.as(token, { method: 'POST', url: '/v3/demo/$$event', payload });
}

/** Turns the organisation's lock on created and workflow events on or off (the directory settings). */
export async function setEventLock(t: TestApp, adminToken: string, isOn: boolean, app = 'demo'): Promise<void> {
  const url = `/v3/${app}/$$directory`;
  const { client_secret_set: _set, ...current } = (await t.as(adminToken, { method: 'GET', url })).json();
  const saved = await t.as(adminToken, { method: 'PUT', url, payload: { ...current, lock_workflow_events: isOn } });
  if (saved.statusCode !== 200 || saved.json().lock_workflow_events !== isOn) throw new Error(`lock not saved: ${saved.body}`);
}

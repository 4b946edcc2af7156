/** Shared fixtures of the workflow engine's tests: actors with grants, and incident facts. */
import type { Grant } from '../api/session.ts';
import type { ActorFacts, DocumentFacts } from './workflow-model.ts';

export const SITE_A = 11;
export const SITE_B = 12;
export const REGION_N = 1;
export const NOW = new Date('2026-03-10T12:00:00.000Z');

export function grant(roles: string[], scope = 1, place: { site?: number; region?: number } = {}, level = 4): Grant {
  return {
    module: null,
    roles,
    level,
    create: true,
    delete: false,
    doc_types: null,
    scope,
    region_id: place.region ?? null,
    site_id: place.site ?? null,
  };
}

export function actor(uuid: string, grants: Grant[] = [], isAdministrator = false): ActorFacts {
  return { uuid, grants, isAdministrator };
}

export const admin = actor('u-admin', [grant(['administrator'], 1, {}, 6)], true);
export const editorA = actor('u-editor-a', [grant(['editor'], 3, { site: SITE_A, region: REGION_N })]);
export const editorB = actor('u-editor-b', [grant(['editor'], 3, { site: SITE_B, region: REGION_N })]);
export const managerA = actor('u-manager-a', [grant(['manager'], 3, { site: SITE_A, region: REGION_N })]);
export const managerB = actor('u-manager-b', [grant(['manager'], 3, { site: SITE_B, region: REGION_N })]);
export const regionalManager = actor('u-manager-n', [grant(['manager'], 2, { region: REGION_N })]);
export const groupManager = actor('u-manager-g', [grant(['manager'], 1)]);
export const reader = actor('u-reader', [grant(['reader'], 1, {}, 2)]);
export const actionee = actor('u-actionee', []);
export const stranger = actor('u-stranger', []);

export function incidentFacts(extra: Record<string, unknown> = {}, openChildren = 0): DocumentFacts {
  return {
    doc: {
      id: 1,
      summary: 'Slip in the hall',
      descrip: 'Wet floor',
      incident_date: '2026-03-01T09:00:00.000Z',
      category: 'Injury',
      site_id: SITE_A,
      region_id: REGION_N,
      created_by: editorA.uuid,
      created_date: '2026-03-01T10:00:00.000Z',
      ...extra,
    },
    openChildren,
  };
}

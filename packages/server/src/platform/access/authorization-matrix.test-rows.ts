/**
 * The authorization matrix: one row per registered route (method + URL pattern), the request it
 * sends for each principal and the status each principal must get. Adding a route without a row
 * here fails authorization-matrix.int.test.ts.
 *
 * Defaults: anonymous, the expired token and the disabled user get 401; the other organisation's
 * administrator gets 403 (not a member of `demo`); `members` covers every demo principal not
 * named. `public` rows answer every caller alike. Target documents are the owner's incidents at
 * North Plant (region North); the site-scoped editor works at Harbour Depot, so for them those
 * documents do not exist (404), and the depositor sees only its own.
 */
import type { InjectOptions } from 'fastify';
import type { Fixtures, PrincipalName } from './authorization-matrix.test-fixtures.ts';
import { workflowMatrixRows } from '../../test-support/workflow-matrix-rows.ts';
import { reportingMatrixRows } from '../../test-support/reporting-matrix-rows.ts';
import { mailMatrixRows } from '../../test-support/mail-matrix-rows.ts';
import { orgPlatformMatrixRows } from '../../test-support/org-platform-matrix-rows.ts';

export type Expected = number | readonly number[];

export interface MatrixRow {
  route: string;
  request(f: Fixtures, who: PrincipalName): Promise<InjectOptions> | InjectOptions;
  expect: Partial<Record<PrincipalName | 'members', Expected>>;
  public?: boolean;
}

/** Denied either way: refused (403) or, for an id, not found (404). Used for other engineers' routes only. */
const DENIED = [403, 404] as const;
const adminOnly = (status: number) => ({ admin: status, members: 403 });
const get = (url: string): InjectOptions => ({ method: 'GET', url });
/**
 * A client address per principal for the link calls, whose attempts are limited per address
 * (docs/product/workflow-and-timeline.md): the matrix's 17 callers are 17 clients, not one.
 */
const addressOf = (who: string): string => `198.51.100.${[...who].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 250}`;

const readDoc = { members: 200, editorSite: 404, depositor: 404 };
const updateDoc = {
  admin: 200,
  editorRegion: 200,
  editorGroup: 200,
  managerSite: 200,
  managerRegion: 200,
  managerGroup: 200,
  owner: 200,
  members: 403,
  editorSite: 404,
  depositor: 404,
};
const deleteDoc = {
  admin: 200,
  managerSite: 200,
  managerRegion: 200,
  managerGroup: 200,
  owner: 200,
  members: 403,
  editorSite: 404,
  depositor: 404,
};
const createDoc = { members: 201, readerSite: 403, readerRegion: 403, readerGroup: 403, editorSite: 403 };

export const matrixRows: MatrixRow[] = [
  // Public.
  { route: 'GET /api/health', public: true, request: () => get('/api/health'), expect: { members: 200 } },
  { route: 'GET /api/openapi.json', public: true, request: () => get('/api/openapi.json'), expect: { members: 200 } },
  { route: 'GET /api/docs', public: true, request: () => get('/api/docs'), expect: { members: [200, 302] } },
  {
    route: 'POST /oauth/token',
    public: true,
    request: () => ({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'none' } }),
    expect: { members: 400 },
  },
  {
    route: 'POST /oauth/login',
    public: true,
    request: () => ({ method: 'POST', url: '/oauth/login', payload: { grant_type: 'none' } }),
    expect: { members: 400 },
  },
  {
    route: 'DELETE /oauth/logout',
    public: true,
    request: () => ({ method: 'DELETE', url: '/oauth/logout?refresh_token=unknown' }),
    expect: { members: 200 },
  },
  { route: 'GET /oauth/federated/start', public: true, request: () => get('/oauth/federated/start?app=demo'), expect: { members: 302 } },
  {
    route: 'GET /oauth/federated/callback',
    public: true,
    request: () => get('/oauth/federated/callback?state=unknown&code=x'),
    expect: { members: 302 },
  },

  // Every member.
  { route: 'GET /v3/account/session', request: () => get('/v3/account/session?app=demo'), expect: { members: 200 } },
  // The signed-in identity's own authenticator (no organisation involved: the other organisation's administrator manages theirs too).
  { route: 'GET /v3/account/totp', request: () => get('/v3/account/totp'), expect: { members: 200, acmeAdmin: 200 } },
  {
    route: 'POST /v3/account/totp/setup',
    request: () => ({ method: 'POST', url: '/v3/account/totp/setup' }),
    expect: { members: 200, acmeAdmin: 200 },
  },
  {
    route: 'PUT /v3/account/totp',
    request: () => ({ method: 'PUT', url: '/v3/account/totp', payload: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', code: 'abcdef' } }),
    expect: { members: 400, acmeAdmin: 400 },
  },
  {
    route: 'DELETE /v3/account/totp',
    request: () => ({ method: 'DELETE', url: '/v3/account/totp' }),
    expect: { members: 200, acmeAdmin: 200 },
  },
  { route: 'GET /v2/identity/me/prefs', request: () => get('/v2/identity/me/prefs'), expect: { members: 200, acmeAdmin: 200 } },
  {
    route: 'PUT /v2/identity/me/prefs',
    request: () => ({ method: 'PUT', url: '/v2/identity/me/prefs', payload: { mailAlerts: false } }),
    expect: { members: 200, acmeAdmin: 200 },
  },
  {
    // A wrong current password: each signed-in identity may try its own, never another's.
    route: 'PUT /v2/identity/me/password',
    request: () => ({
      method: 'PUT',
      url: '/v2/identity/me/password',
      payload: { current_password: 'not-the-password', new_password: 'a-brand-new-password-1' },
    }),
    expect: { members: 400, acmeAdmin: 400 },
  },
  { route: 'GET /identities/all', request: () => get('/identities/all?app=demo'), expect: { members: 200 } },

  // Documents (generic API, located type `incident`).
  { route: 'GET /v3/:appId/:type', request: () => get('/v3/demo/incident'), expect: { members: 200 } },
  { route: 'GET /v3/:appId/:type/:id', request: async (f) => get(`/v3/demo/incident/${await f.ownerIncident()}`), expect: readDoc },
  { route: 'GET /v3/:appId/:type/:id/pdf', request: async (f) => get(`/v3/demo/incident/${await f.ownerIncident()}/pdf`), expect: readDoc },
  // Chart counts: every member reads incidents (counted under their own row filter).
  { route: 'GET /v3/:appId/graph/:type', request: () => get('/v3/demo/graph/incident?group_by=month'), expect: { members: 200 } },
  {
    route: 'POST /v3/:appId/:type',
    request: (f) => ({ method: 'POST', url: '/v3/demo/incident', payload: f.incidentBody('NPL') }),
    expect: createDoc,
  },
  {
    route: 'PUT /v3/:appId/:type/:id',
    // A fresh document is at version 1: the edit names it, so only access decides the answer.
    request: async (f) => ({
      method: 'PUT',
      url: `/v3/demo/incident/${await f.ownerIncident()}`,
      headers: { 'if-match': '1' },
      payload: f.incidentBody('NPL'),
    }),
    expect: updateDoc,
  },
  {
    route: 'DELETE /v3/:appId/:type/:id',
    request: async (f) => ({ method: 'DELETE', url: `/v3/demo/incident/${await f.ownerIncident()}` }),
    expect: deleteDoc,
  },
  { route: 'GET /v3/:appId/:type/export', request: () => get('/v3/demo/incident/export'), expect: { members: 200 } },
  { route: 'GET /api/:api', request: () => get('/api/incident?app=demo'), expect: { members: 200 } },
  {
    route: 'POST /api/:api',
    request: (f) => ({ method: 'POST', url: '/api/incident?app=demo', payload: f.incidentBody('NPL') }),
    expect: createDoc,
  },
  {
    route: 'GET /doc/:docId/children',
    request: async (f) => get(`/doc/${await f.ownerIncident()}/children?app=demo`),
    expect: { members: 200, editorSite: [200, 404], depositor: [200, 404] },
  },
  { route: 'GET /api/$$keywords', request: () => get('/api/$$keywords?app=demo'), expect: { members: 200 } },
  { route: 'GET /api/tags', request: () => get('/api/tags?app=demo'), expect: { members: 200 } },
  {
    route: 'POST /v3/:appId/notification/preview',
    request: () => ({ method: 'POST', url: '/v3/demo/notification/preview', payload: { title: 'Closed', message: '{{summary}}' } }),
    expect: adminOnly(200),
  },
  // Reference data feeds selects: every member reads it, whatever their scope.
  { route: 'GET /v3/:appId/:type/options', request: () => get('/v3/demo/site/options'), expect: { members: 200 } },
  { route: 'GET /v3/:appId/search', request: () => get('/v3/demo/search?query=Matrix'), expect: { members: 200 } },

  // Type schemas (documents engine; administrator-only type $$schema).
  {
    route: 'GET /v3/:appId/$$schema/:id/versions',
    request: () => get('/v3/demo/$$schema/999999/versions'),
    expect: { admin: 404, members: DENIED },
  },
  {
    route: 'GET /v3/:appId/$$schema/:id/versions/:version',
    request: () => get('/v3/demo/$$schema/999999/versions/1'),
    expect: { admin: 404, members: DENIED },
  },
  {
    route: 'GET /v3/:appId/$$schema/:id/diff',
    request: () => get('/v3/demo/$$schema/999999/diff?from=1&to=2'),
    expect: { admin: 404, members: DENIED },
  },
  // The Indexes tab (issue 18): administrators of type schemas only.
  { route: 'GET /v3/:appId/$$schema/indexes/:type', request: () => get('/v3/demo/$$schema/indexes/incident'), expect: adminOnly(200) },
  {
    route: 'POST /v3/:appId/$$schema/indexes/:type',
    // An unknown field: refused with 400 for the administrator, nothing queued.
    request: () => ({ method: 'POST', url: '/v3/demo/$$schema/indexes/incident', payload: { equality: ['nope'], order: 'incident_date' } }),
    expect: adminOnly(400),
  },
  {
    route: 'DELETE /v3/:appId/$$schema/indexes/:type/:name',
    request: () => ({ method: 'DELETE', url: '/v3/demo/$$schema/indexes/incident/documents_type_created' }),
    expect: adminOnly(400),
  },

  // Client projections of the types (every member; each answers only the types `authorize()` lets them read or create).
  { route: 'GET /v3/:appId/$$types', request: () => get('/v3/demo/$$types'), expect: { members: 200 } },
  { route: 'GET /v3/:appId/$$types/:type', request: () => get('/v3/demo/$$types/incident'), expect: { members: 200 } },

  // Access control entries.
  { route: 'GET /v3/:appId/acl', request: () => get('/v3/demo/acl'), expect: adminOnly(200) },
  {
    route: 'POST /v3/:appId/acl',
    request: async (f) => ({ method: 'POST', url: '/v3/demo/acl', payload: { identity_id: await f.freshMember(), level: 2 } }),
    expect: adminOnly(201),
  },
  { route: 'GET /v3/:appId/acl/:id', request: async (f) => get(`/v3/demo/acl/${await f.freshAcl()}`), expect: adminOnly(200) },
  {
    route: 'PUT /v3/:appId/acl/:id',
    request: async (f) => ({ method: 'PUT', url: `/v3/demo/acl/${await f.freshAcl()}`, payload: { roles: ['auditor'] } }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /v3/:appId/acl/:id',
    request: async (f) => ({ method: 'DELETE', url: `/v3/demo/acl/${await f.freshAcl()}` }),
    expect: adminOnly(200),
  },

  // Identities.
  { route: 'GET /v3/:appId/users', request: () => get('/v3/demo/users'), expect: adminOnly(200) },
  {
    route: 'POST /v3/:appId/users',
    request: (_f, who) => ({
      method: 'POST',
      url: '/v3/demo/users',
      payload: { email: `new-${who}-${Date.now()}@matrix.local`, display_name: 'New' },
    }),
    expect: adminOnly(201),
  },
  { route: 'GET /v3/:appId/users/:uuid', request: async (f) => get(`/v3/demo/users/${await f.freshMember()}`), expect: adminOnly(200) },
  {
    route: 'PUT /v3/:appId/users/:uuid',
    request: async (f) => ({ method: 'PUT', url: `/v3/demo/users/${await f.freshMember()}`, payload: { display_name: 'Renamed' } }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /v3/:appId/users/:uuid',
    request: async (f) => ({ method: 'DELETE', url: `/v3/demo/users/${await f.freshMember()}` }),
    expect: adminOnly(200),
  },
  // Invitations: the organisation's administrators manage them; the invited person looks one up
  // (no sign-in) and accepts it signed in. Unknown ids and tokens: 404.
  { route: 'GET /v3/:appId/invitations', request: () => get('/v3/demo/invitations'), expect: adminOnly(200) },
  {
    route: 'POST /v3/:appId/invitations/:id/resend',
    request: () => ({ method: 'POST', url: '/v3/demo/invitations/999999/resend' }),
    expect: adminOnly(404),
  },
  {
    route: 'DELETE /v3/:appId/invitations/:id',
    request: () => ({ method: 'DELETE', url: '/v3/demo/invitations/999999' }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /v3/invitations/lookup',
    public: true,
    request: () => ({ method: 'POST', url: '/v3/invitations/lookup', payload: { token: 'unknown' } }),
    expect: { members: 404 },
  },
  {
    route: 'POST /v3/invitations/accept-with-password',
    public: true,
    request: () => ({
      method: 'POST',
      url: '/v3/invitations/accept-with-password',
      payload: { token: 'unknown', password: 'a-long-enough-password-1' },
    }),
    expect: { members: 404 },
  },
  {
    route: 'POST /v3/:appId/external-approval/lookup',
    public: true,
    request: (_f, who) => ({
      method: 'POST',
      url: '/v3/demo/external-approval/lookup',
      payload: { token: 'unknown' },
      remoteAddress: addressOf(who),
    }),
    expect: { members: 404 },
  },
  {
    route: 'POST /v3/:appId/external-approval/act',
    public: true,
    request: (_f, who) => ({
      method: 'POST',
      url: '/v3/demo/external-approval/act',
      remoteAddress: addressOf(who),
      payload: { token: 'unknown', action: 'approve', comment: 'Looks right' },
    }),
    expect: { members: 404 },
  },
  {
    route: 'POST /v3/invitations/accept',
    request: () => ({ method: 'POST', url: '/v3/invitations/accept', payload: { token: 'unknown' } }),
    expect: { members: 404, acmeAdmin: 404 },
  },
  {
    route: 'POST /identities/:id/merge',
    request: async (f) => ({ method: 'POST', url: `/identities/${await f.freshMember()}/merge?uuid_to=${await f.freshMember()}&app=demo` }),
    expect: adminOnly(200),
  },

  // Administration.
  { route: 'GET /v3/:appId/$$log', request: () => get('/v3/demo/$$log'), expect: adminOnly(200) },
  { route: 'GET /v3/:appId/$$audit', request: () => get('/v3/demo/$$audit'), expect: adminOnly(200) },
  { route: 'GET /v3/:appId/$$outbox', request: () => get('/v3/demo/$$outbox'), expect: adminOnly(200) },
  { route: 'GET /v3/:appId/$$outbox/:id', request: (f) => get(`/v3/demo/$$outbox/${f.outboxId}`), expect: adminOnly(200) },
  { route: 'GET /v3/:appId/$$directory', request: () => get('/v3/demo/$$directory'), expect: adminOnly(200) },
  {
    route: 'PUT /v3/:appId/$$directory',
    request: () => ({
      method: 'PUT',
      url: '/v3/demo/$$directory',
      payload: { federated_login: false, provider: 'Docket', allow_users_internal: true },
    }),
    expect: adminOnly(200),
  },

  // Organisation settings (docs/product/administration.md#settings): the demo's administrator only.
  { route: 'GET /v3/account/settings', request: () => get('/v3/account/settings?app=demo'), expect: adminOnly(200) },
  {
    route: 'PUT /v3/account/settings',
    request: () => ({ method: 'PUT', url: '/v3/account/settings?app=demo', payload: { storage: { maxFileMb: 25 } } }),
    expect: adminOnly(200),
  },
  { route: 'GET /v3/account/storage', request: () => get('/v3/account/storage?app=demo'), expect: adminOnly(200) },

  // Workflow, timeline, reviews, attachments, todo (issue 6).
  ...workflowMatrixRows,

  // Reporting (issue 13).
  ...reportingMatrixRows,
  ...mailMatrixRows,
  ...orgPlatformMatrixRows,
];

const UNAUTHENTICATED: readonly PrincipalName[] = ['anonymous', 'expired', 'disabled'];

export function expectedFor(row: MatrixRow, who: PrincipalName): readonly number[] {
  const named = row.expect[who];
  let value: Expected | undefined;
  if (row.public) value = named ?? row.expect.members;
  else if (UNAUTHENTICATED.includes(who)) value = named ?? 401;
  else if (who === 'acmeAdmin') value = named ?? 403;
  else value = named ?? row.expect.members;
  if (value === undefined) throw new Error(`No expectation for ${who} on ${row.route}`);
  return typeof value === 'number' ? [value] : value;
}

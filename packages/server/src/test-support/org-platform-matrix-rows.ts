/**
 * Authorization matrix rows of issue 17's organisation platform: server tasks (administrators of
 * their own organisation only, docs/product/administration.md#server-tasks), translation (every
 * member; the demo keeps its general translation switch off, so members reach the organisation's
 * refusal, 403 'Automatic translation services have been disabled by your organisation.') and the
 * organisation's own subscription (administrators only, docs/product/administration.md#subscriptions).
 */
import type { InjectOptions } from 'fastify';
import type { MatrixRow } from '../platform/access/authorization-matrix.test-rows.ts';

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const adminOnly = (status: number) => ({ admin: status, members: 403 });
const addressOf = (who: string): string => `203.0.113.${[...who].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 250}`;

export const orgPlatformMatrixRows: MatrixRow[] = [
  { route: 'GET /v3/:appId/task/:name', request: () => get('/v3/demo/task/purge-files?flag=true'), expect: adminOnly(200) },
  { route: 'GET /v3/account/task/:name', request: () => get('/v3/account/task/purge-files?flag=true&app=demo'), expect: adminOnly(200) },
  {
    route: 'POST /v3/:appId/translate',
    request: () => ({ method: 'POST', url: '/v3/demo/translate', payload: { text: 'Hello', target: 'fr' } }),
    expect: { members: 403 },
  },
  { route: 'GET /v3/:appId/$$configuration', request: () => get('/v3/demo/$$configuration'), expect: adminOnly(200) },
  {
    route: 'GET /v3/:appId/$$configuration/:id',
    request: (f) => get(`/v3/demo/$$configuration/${f.places.orgId}`),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /v3/:appId/$$configuration/:id',
    request: (f) => ({
      method: 'PUT',
      url: `/v3/demo/$$configuration/${f.places.orgId}`,
      payload: { company: 'Demo Co', primary_domain: 'demo.local', customer_schema: 'demo', email_signup: false },
    }),
    expect: adminOnly(200),
  },
  // Public: every caller gets the same answer (sign-up attempts are limited per client address and address typed).
  {
    route: 'POST /v3/signup',
    public: true,
    request: (_f, who) => ({
      method: 'POST',
      url: '/v3/signup',
      remoteAddress: addressOf(who),
      payload: { email: `matrix-${who}@nowhere.example` },
    }),
    expect: { members: 202 },
  },
  {
    route: 'POST /v3/signup/confirm',
    public: true,
    request: () => ({
      method: 'POST',
      url: '/v3/signup/confirm',
      payload: { token: 'not-a-token', display_name: 'Nobody', password: 'long-enough-password' },
    }),
    expect: { members: 404 },
  },
];

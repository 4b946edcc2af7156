/**
 * The principals and fixtures of the authorization matrix (authorization-matrix.int.test.ts):
 * anonymous, an expired token, a disabled user, the other organisation's administrator, and in
 * the demo organisation readers, editors and managers at site, region and group scope, an author
 * who owns the target documents and one who does not, a depositor, and the administrator.
 */
import { SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../../test-support/test-app.ts';
import { addMember, placesOf, uuidOf, type MemberSpec, type Places } from '../../test-support/access-fixtures.ts';
import { loadOrCreateSecret } from '../auth/secrets.ts';
import { sendMail } from '../mail/mailer.ts';

export const principalNames = [
  'anonymous',
  'expired',
  'disabled',
  'acmeAdmin',
  'admin',
  'readerSite',
  'readerRegion',
  'readerGroup',
  'editorSite',
  'editorRegion',
  'editorGroup',
  'managerSite',
  'managerRegion',
  'managerGroup',
  'owner',
  'nonOwner',
  'depositor',
] as const;
export type PrincipalName = (typeof principalNames)[number];

export interface Fixtures {
  t: TestApp;
  places: Places;
  tokens: Map<PrincipalName, string | undefined>;
  /** Documents the owner created at North Plant (region North), one per call. */
  ownerIncident(): Promise<number>;
  incidentBody(siteCode: string): Record<string, unknown>;
  freshMember(): Promise<string>;
  freshAcl(): Promise<number>;
  outboxId: number;
  as(who: PrincipalName, options: InjectOptions): ReturnType<TestApp['as']>;
}

let sequence = 0;

export async function setUpMatrix(t: TestApp): Promise<Fixtures> {
  const places = await placesOf(t, 'demo');
  const north = places.regions.get('N')!;
  const npl = places.sites.get('NPL')!;
  const member = (spec: Omit<MemberSpec, 'email'>, name: string) => addMember(t, places.orgId, { ...spec, email: `${name}@matrix.local` });
  await member({ level: 2, scope: 3, siteId: npl, roles: ['reader'], canCreate: false }, 'reader-site');
  await member({ level: 2, scope: 2, regionId: north, roles: ['reader'], canCreate: false }, 'reader-region');
  await member({ level: 4, scope: 2, regionId: north, roles: ['editor'] }, 'editor-region');
  await member({ level: 4, scope: 1, roles: ['editor'] }, 'editor-group');
  await member({ level: 4, scope: 2, regionId: north, roles: ['manager'], canDelete: true }, 'manager-region');
  await member({ level: 4, scope: 1, roles: ['manager'], canDelete: true }, 'manager-group');
  await member({ level: 3, scope: 1, canDelete: true }, 'owner');
  await member({ level: 3, scope: 1, canDelete: true }, 'non-owner');
  await member({ level: 1, scope: 1 }, 'depositor');
  const disabledUuid = await member({ level: 4, scope: 1, roles: ['editor'] }, 'disabled');

  const emails: Partial<Record<PrincipalName, string>> = {
    disabled: 'disabled@matrix.local',
    acmeAdmin: 'admin@acme.local',
    admin: 'admin@demo.local',
    readerSite: 'reader-site@matrix.local',
    readerRegion: 'reader-region@matrix.local',
    readerGroup: 'reader@demo.local',
    editorSite: 'editor@demo.local',
    editorRegion: 'editor-region@matrix.local',
    editorGroup: 'editor-group@matrix.local',
    managerSite: 'manager@demo.local',
    managerRegion: 'manager-region@matrix.local',
    managerGroup: 'manager-group@matrix.local',
    owner: 'owner@matrix.local',
    nonOwner: 'non-owner@matrix.local',
    depositor: 'depositor@matrix.local',
  };
  const tokens = new Map<PrincipalName, string | undefined>([['anonymous', undefined]]);
  for (const [who, email] of Object.entries(emails)) tokens.set(who as PrincipalName, (await t.signIn(email)).access);
  // Disabled after signing in: its still-unexpired token must be refused.
  await t.ctx.database.db.updateTable('identities').set({ active: 0 }).where('uuid', '=', disabledUuid).execute();
  tokens.set('expired', await expiredToken(t, await uuidOf(t, 'reader@demo.local')));

  const as = (who: PrincipalName, options: InjectOptions) => {
    const token = tokens.get(who);
    return token ? t.as(token, options) : t.app.inject(options);
  };
  const incidentBody = (siteCode: string) => ({
    summary: `Matrix incident ${++sequence}`,
    descrip: 'Slipped on the loading ramp',
    incident_date: '2026-01-02T08:00:00.000Z',
    category: 'Near Miss',
    site_id: places.sites.get(siteCode),
    region_id: siteCode === 'SYD' ? places.regions.get('S') : north,
  });
  await sendMail(t.ctx, { orgId: places.orgId, recipientUuid: null, to: 'someone@demo.local', subject: 'Matrix', text: 'Hello' });
  const outbox = await t.ctx.database.db.selectFrom('outbox').select('id').where('org_id', '=', places.orgId).executeTakeFirstOrThrow();
  return {
    t,
    places,
    tokens,
    as,
    incidentBody,
    outboxId: Number(outbox.id),
    async ownerIncident() {
      const created = await as('owner', { method: 'POST', url: '/v3/demo/incident', payload: incidentBody('NPL') });
      if (created.statusCode !== 201) throw new Error(`owner incident: ${created.body}`);
      return created.json().id as number;
    },
    freshMember: () => member({ level: 2, scope: 1 }, `fresh-${++sequence}`),
    async freshAcl() {
      const uuid = await member({ level: 0, noGrant: true }, `acl-${++sequence}`);
      const created = await as('admin', { method: 'POST', url: '/v3/demo/acl', payload: { identity_id: uuid, level: 2 } });
      return created.json().id as number;
    },
  };
}

/** A well-signed access token of a live session whose lifetime is over. */
async function expiredToken(t: TestApp, uuid: string): Promise<string> {
  const session = await t.ctx.database.db
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('identity_uuid', '=', uuid)
    .where('revoked_date', 'is', null)
    .executeTakeFirstOrThrow();
  const key = await loadOrCreateSecret(t.ctx.database, 'access-token-key');
  const past = Math.floor(Date.now() / 1000) - 7200;
  return new SignJWT({ sid: session.family_id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(uuid)
    .setIssuedAt(past)
    .setExpirationTime(past + 3600)
    .setIssuer('docket')
    .sign(key);
}

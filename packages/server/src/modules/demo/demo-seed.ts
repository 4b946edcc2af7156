/**
 * Loads the demo organisations into an empty database on first start. Documents go through the
 * same operations as the API, so they are validated and audited like any other write and run
 * the assembled write hooks (each post gets its `create` event): the context must come from
 * `createAppContext`, which assembles the modules first.
 */
import { randomUUID } from 'node:crypto';
import { builtinTypeByName } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { loadGrants } from '../../platform/access/grants.repository.ts';
import { rolesOf, type Principal } from '../../platform/access/principal.ts';
import { nowIso, writeJson } from '../../platform/db/json.ts';
import { createDocument } from '../documents/documents.service.ts';
import { insertAcl, personalEntry } from '../acl/acl.repository.ts';
import { areTypeHooksSealed } from '../documents/type-hooks.ts';
import { demoAppConfig, demoOrganisations, type DemoOrganisation } from './demo-data.ts';
import { DEMO_SITE_PROFILES, generateSafetyHistory } from './demo-history-data.ts';
import { writeSafetyHistory } from './demo-history.ts';
import { seedSafetyReport } from './demo-report.ts';

export interface DemoSeedOptions {
  /**
   * The demo organisation's two years of safety history and its 'Safety Performance' report
   * (demo-history.ts). On by default; tests that count the demo's documents seed without it.
   */
  history?: boolean;
  /** The day the history ends (default: now). */
  now?: Date;
}

export async function seedDemoIfEmpty(ctx: AppContext, options: DemoSeedOptions = {}): Promise<boolean> {
  // Checked before the first row: a seed without the write hooks would store documents without
  // their events, and one stopped halfway would leave an organisation half-made.
  if (!areTypeHooksSealed()) throw new Error('The demo is seeded through an assembled context: build it with createAppContext() first');
  const existing = await ctx.database.db.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(ctx.config.seedPassword);
  for (const org of demoOrganisations) await seedOrganisation(ctx, org, passwordHash, options);
  return true;
}

async function seedOrganisation(ctx: AppContext, org: DemoOrganisation, passwordHash: string, options: DemoSeedOptions): Promise<void> {
  const now = nowIso();
  const db = ctx.database.db;
  const { id: orgId } = await db
    .insertInto('organisations')
    .values({
      app_id: org.appId,
      company: org.company,
      primary_domain: org.domain,
      app_config: writeJson(demoAppConfig),
      settings: writeJson({}),
      active: 1,
      created_date: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let adminUuid = '';
  const uuids: string[] = [];
  for (const user of org.users) {
    const uuid = randomUUID();
    uuids.push(uuid);
    if (user.level >= 6 && !adminUuid) adminUuid = uuid;
    await db
      .insertInto('identities')
      .values({
        uuid,
        email: user.email,
        display_name: user.displayName,
        job_title: user.jobTitle,
        password_hash: passwordHash,
        // The demo stays a one-step sign-in; real users default to e-mailed one-time codes.
        mfa: 0,
        login_enabled: 1,
        active: 1,
        federated_id: null,
        manager_uuid: null,
        preferences: writeJson({ lang: 'en', mailAlerts: false, starred: [], metrics: [] }),
        created_date: now,
        last_login: null,
        session_count: 0,
      })
      .execute();
    await db
      .insertInto('memberships')
      .values({ org_id: Number(orgId), identity_uuid: uuid, created_date: now })
      .execute();
    await insertAcl(
      db,
      Number(orgId),
      personalEntry(uuid, { level: user.level, roles: user.roles, canCreate: user.level !== 2, canDelete: user.canDelete }),
    );
  }
  const principal = await seedPrincipal(ctx, Number(orgId), org, adminUuid);
  const siteIds = await seedReferenceData(ctx, principal, org);
  await scopeSiteUsers(ctx, Number(orgId), org, siteIds);
  const postType = builtinTypeByName('post');
  if (!postType) throw new Error('The built-in post type is missing');
  for (const post of org.posts) await createDocument(ctx, principal, postType, post);
  await seedLists(ctx, principal, org);
  if (org.history && options.history !== false) {
    const history = generateSafetyHistory(org.history.seed, options.now ?? new Date(), DEMO_SITE_PROFILES, uuids.length);
    await writeSafetyHistory(ctx.database, history, { orgId: Number(orgId), sites: siteIds, author: adminUuid, actionees: uuids });
    await seedSafetyReport(ctx, principal, history, siteIds);
  }
}

/** Modules, keyword lists and checklist templates, through the document operations. */
async function seedLists(ctx: AppContext, principal: Principal, org: DemoOrganisation): Promise<void> {
  const type = (name: string) => {
    const found = builtinTypeByName(name);
    if (!found) throw new Error(`The built-in ${name} type is missing`);
    return found;
  };
  for (const [index, title] of (org.modules ?? []).entries()) {
    await createDocument(ctx, principal, type('module'), { title, code: `M${index + 1}` });
  }
  for (const list of org.keywordLists ?? []) {
    const options = list.options.map((label, index) => ({ id: index + 1, label }));
    await createDocument(ctx, principal, type('keyword_list'), { title: list.title, key: list.key, enabled: true, options });
  }
  for (const checklist of org.checklists ?? []) {
    const items = checklist.items.map(({ questions, ...item }) => ({ ...item, items: questions?.map((title) => ({ title })) }));
    await createDocument(ctx, principal, type('survey'), { ...checklist, revision: 1, enabled: true, items });
  }
}

/** Regions → sites → zones through the document operations; answers site ids by site code. */
async function seedReferenceData(
  ctx: AppContext,
  principal: Principal,
  org: DemoOrganisation,
): Promise<Map<string, { id: number; regionId: number }>> {
  const type = (name: string) => {
    const found = builtinTypeByName(name);
    if (!found) throw new Error(`The built-in ${name} type is missing`);
    return found;
  };
  const siteIds = new Map<string, { id: number; regionId: number }>();
  for (const region of org.regions) {
    const regionDoc = await createDocument(ctx, principal, type('region'), { title: region.title, code: region.code });
    for (const site of region.sites) {
      const siteDoc = await createDocument(ctx, principal, type('site'), { title: site.title, code: site.code, region_id: regionDoc.id });
      siteIds.set(site.code, { id: siteDoc.id, regionId: regionDoc.id });
      for (const zone of site.zones) await createDocument(ctx, principal, type('zone'), { title: zone, site_id: siteDoc.id });
    }
  }
  return siteIds;
}

/** The demo manager and editor work at one site each: their grants get site scope (3). */
async function scopeSiteUsers(
  ctx: AppContext,
  orgId: number,
  org: DemoOrganisation,
  siteIds: Map<string, { id: number; regionId: number }>,
): Promise<void> {
  for (const user of org.users) {
    const site = user.site ? siteIds.get(user.site) : undefined;
    if (!site) continue;
    const identity = await ctx.database.db
      .selectFrom('identities')
      .select('uuid')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('acl_entries')
      .set({ scope: 3, site_id: site.id, region_id: site.regionId })
      .where('org_id', '=', orgId)
      .where('identity_uuid', '=', identity.uuid)
      .execute();
  }
}

async function seedPrincipal(ctx: AppContext, orgId: number, org: DemoOrganisation, uuid: string): Promise<Principal> {
  const grants = await loadGrants(ctx.database, orgId, uuid);
  const admin = org.users.find((u) => u.level >= 6)!;
  return {
    uuid,
    displayName: admin.displayName,
    email: admin.email,
    org: { id: orgId, appId: org.appId, company: org.company },
    grants,
    roles: rolesOf(grants),
  };
}

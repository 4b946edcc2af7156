/**
 * The platform operator's operations (docs/product/administration.md#subscriptions): create,
 * suspend, reactivate and list organisations. The operator is whoever runs the command line
 * (`operator-cli.ts`) with the server's database configuration: no route calls these, so no
 * organisation's administrator can reach them.
 *
 * A new organisation gets the built-in types (served by the type registry to every organisation),
 * a reporting skeleton (the 'Safety Performance' report, its metrics and dashboard layout, as the
 * organisation's default report) and one administrator invitation by e-mail: an invitation when
 * the address already has a Docket account, else an account set-up link.
 */
import type { Grant } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { normaliseEmail } from '../../platform/auth/email.ts';
import { hashToken, newOpaqueToken } from '../../platform/auth/refresh-tokens.ts';
import { nowIso, readJson, writeJson } from '../../platform/db/json.ts';
import { sendLinkMail } from '../identities/invitations.mail.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { DEFAULT_THEME } from '@docket/shared';
import { createDocument, updateDocument } from '../documents/documents.service.ts';
import { SAFETY_METRICS, SAFETY_REPORT, safetyDashboardSchema, storedMetric } from '../demo/demo-report-data.ts';
import { insertInvitation } from '../identities/invitations.repository.ts';
import { INVITATION_LIFETIME_MS } from '../identities/invitations.service.ts';
import { sendSetupLink } from './account-setup.ts';
import { isDomainName, SUBSCRIPTION_COLUMNS, subscriptionOf, type SubscriptionRecord } from './subscription-record.ts';

export const OPERATOR_UUID = 'platform-operator';
const ADMINISTRATOR_GRANT = { level: 6, roles: ['administrator'] };

export interface NewOrganisation {
  appId: string;
  company: string;
  primaryDomain: string;
  adminEmail: string;
  customerSchema?: string;
  authorizedDomains?: string[];
  emailSignup?: boolean;
  license?: { plan?: string; seats?: number; expiry_date?: string };
}

export class OperatorError extends Error {}

const NEW_APP_CONFIG = {
  general: { showNews: true, showActivity: true, showSearch: true, translation: true, themeUserAllow: false, categories: [] },
  themeVersion3: { ...DEFAULT_THEME, chartPalette: 'default' },
};

function checkNewOrganisation(input: NewOrganisation): void {
  if (!/^[a-z][a-z0-9-]{1,62}$/.test(input.appId))
    throw new OperatorError('The app id is 2 to 63 lower-case letters, digits or hyphens, starting with a letter.');
  if (input.appId === 'account') throw new OperatorError("'account' is reserved.");
  if (!input.company.trim()) throw new OperatorError('The company name is required.');
  for (const domain of [input.primaryDomain, ...(input.authorizedDomains ?? [])]) {
    if (!isDomainName(domain)) throw new OperatorError(`'${domain}' is not a domain name.`);
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(input.adminEmail)) throw new OperatorError(`'${input.adminEmail}' is not an e-mail address.`);
}

/** The operator acting inside the new organisation while it has no member yet (its seed documents' author). */
function operatorPrincipal(org: { id: number; appId: string; company: string }): Principal {
  const grant: Grant = {
    module: null,
    roles: ['administrator'],
    level: 6,
    create: true,
    delete: true,
    doc_types: null,
    scope: 1,
    region_id: null,
    site_id: null,
  };
  return { uuid: OPERATOR_UUID, displayName: 'Platform operator', email: '', org, grants: [grant], roles: new Set(['administrator']) };
}

async function seedReportingSkeleton(ctx: AppContext, principal: Principal): Promise<number> {
  const registry = typeRegistryFor(ctx.database);
  const reportType = (await registry.get(principal.org.id, 'report'))!;
  const metricType = (await registry.get(principal.org.id, 'report_metric'))!;
  const report = await createDocument(ctx, principal, reportType, { ...SAFETY_REPORT });
  for (const metric of SAFETY_METRICS) await createDocument(ctx, principal, metricType, { ...storedMetric(metric), report_id: report.id });
  await updateDocument(ctx, principal, reportType, report.id, {
    ...SAFETY_REPORT,
    schema: safetyDashboardSchema(report.id),
    meta: { version: report.meta.version },
  });
  const row = await ctx.database.db
    .selectFrom('organisations')
    .select('app_config')
    .where('id', '=', principal.org.id)
    .executeTakeFirstOrThrow();
  const config = readJson<{ general?: Record<string, unknown> } & Record<string, unknown>>(row.app_config, {});
  await ctx.database.db
    .updateTable('organisations')
    .set({ app_config: writeJson({ ...config, general: { ...config.general, default_report_id: report.id } }) })
    .where('id', '=', principal.org.id)
    .execute();
  return report.id;
}

async function inviteAdministrator(
  ctx: AppContext,
  org: { id: number; company: string },
  email: string,
): Promise<'invitation' | 'setup-link'> {
  const known = await ctx.database.db.selectFrom('identities').select('uuid').where('email', '=', email).executeTakeFirst();
  if (known) {
    const token = newOpaqueToken();
    await insertInvitation(ctx.database.db, {
      orgId: org.id,
      email,
      tokenHash: hashToken(token),
      grant: ADMINISTRATOR_GRANT,
      invitedBy: OPERATOR_UUID,
      expiresDate: new Date(Date.now() + INVITATION_LIFETIME_MS).toISOString(),
    });
    await sendLinkMail(ctx, {
      to: email,
      subject: `You are the administrator of ${org.company} on Docket`,
      text:
        `Hello,\n\n${org.company} now has its Docket organisation, and you are its administrator.\n\n` +
        `To accept, open this link and sign in with your own account:\n${ctx.config.publicUrl}/#/invitation?token=${encodeURIComponent(token)}\n\n` +
        'The link is valid for 7 days and can be used once.',
    });
    return 'invitation';
  }
  await sendSetupLink(ctx, org.id, email, ADMINISTRATOR_GRANT, {
    subject: `You are the administrator of ${org.company} on Docket`,
    text: (link) =>
      `Hello,\n\n${org.company} now has its Docket organisation, and you are its administrator.\n\n` +
      `Open this link to choose your name and password:\n${link}\n\nThe link is valid for 7 days and can be used once.`,
  });
  return 'setup-link';
}

export async function createOrganisation(
  ctx: AppContext,
  input: NewOrganisation,
): Promise<{ subscription: SubscriptionRecord; reportId: number; adminInvite: 'invitation' | 'setup-link' }> {
  checkNewOrganisation(input);
  const taken = await ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', input.appId).executeTakeFirst();
  if (taken) throw new OperatorError(`An organisation with the app id '${input.appId}' already exists.`);
  const row = await ctx.database.db
    .insertInto('organisations')
    .values({
      app_id: input.appId,
      company: input.company.trim(),
      primary_domain: input.primaryDomain.toLowerCase(),
      app_config: writeJson(NEW_APP_CONFIG),
      settings: writeJson({}),
      active: 1,
      created_date: nowIso(),
      customer_schema: input.customerSchema ?? input.appId,
      email_signup: input.emailSignup ? 1 : 0,
      authorized_domains: writeJson((input.authorizedDomains ?? []).map((d) => d.toLowerCase())),
      license: writeJson(input.license ?? null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const org = { id: Number(row.id), appId: input.appId, company: input.company.trim() };
  const reportId = await seedReportingSkeleton(ctx, operatorPrincipal(org));
  const adminInvite = await inviteAdministrator(ctx, org, normaliseEmail(input.adminEmail));
  return { subscription: (await subscriptionByAppId(ctx, input.appId))!, reportId, adminInvite };
}

export async function subscriptionByAppId(ctx: AppContext, appId: string): Promise<SubscriptionRecord | undefined> {
  const row = await ctx.database.db.selectFrom('organisations').select(SUBSCRIPTION_COLUMNS).where('app_id', '=', appId).executeTakeFirst();
  return row ? subscriptionOf(row) : undefined;
}

/** Suspends (no one signs in: 'No subscription(s) found.') or reactivates an organisation. */
export async function setOrganisationActive(ctx: AppContext, appId: string, active: boolean): Promise<SubscriptionRecord> {
  const result = await ctx.database.db
    .updateTable('organisations')
    .set({ active: active ? 1 : 0 })
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new OperatorError(`No organisation has the app id '${appId}'.`);
  return (await subscriptionByAppId(ctx, appId))!;
}

export async function listOrganisations(ctx: AppContext): Promise<SubscriptionRecord[]> {
  const rows = await ctx.database.db.selectFrom('organisations').select(SUBSCRIPTION_COLUMNS).orderBy('app_id').execute();
  return rows.map(subscriptionOf);
}

/**
 * The organisation's own subscription as `$$configuration` (docs/product/administration.md#subscriptions):
 * its administrators read it and edit the company, domains, customer schema and self sign-up.
 * `active` and `license` are the platform operator's (the command line, operator.service.ts): a
 * change to them through an organisation's API is refused and nothing is saved.
 */
import type { AppContext } from '../../app-context.ts';
import { badRequest, HttpError, notFound } from '../../http/http-error.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { writeJson } from '../../platform/db/json.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import {
  isDomainName,
  SUBSCRIPTION_COLUMNS,
  type SubscriptionLicense,
  subscriptionOf,
  type SubscriptionRecord,
} from './subscription-record.ts';

const WHAT = 'subscriptions';
export const OPERATOR_ONLY = 'Only the platform operator can suspend or reactivate an organisation or change its licence.';
export const SUBSCRIPTION_NOT_FOUND = 'No subscription(s) found.';

export interface SubscriptionInput {
  company: string;
  primary_domain: string;
  customer_schema: string | null;
  email_signup: boolean;
  active?: boolean;
  authorized_domains?: string[];
  license?: SubscriptionLicense | null;
}

export async function readSubscription(ctx: AppContext, orgId: number): Promise<SubscriptionRecord | undefined> {
  const row = await ctx.database.db.selectFrom('organisations').select(SUBSCRIPTION_COLUMNS).where('id', '=', orgId).executeTakeFirst();
  return row ? subscriptionOf(row) : undefined;
}

export async function listSubscriptions(ctx: AppContext, principal: Principal): Promise<{ dataAr: SubscriptionRecord[]; total: number }> {
  requireAdministrator(principal, adminTypes.configuration, 'read', WHAT);
  const own = await readSubscription(ctx, principal.org.id);
  return { dataAr: own ? [own] : [], total: own ? 1 : 0 };
}

/** One subscription, answered as the record itself (like a document's GET). */
export async function getSubscription(ctx: AppContext, principal: Principal, id: number): Promise<SubscriptionRecord> {
  requireAdministrator(principal, adminTypes.configuration, 'read', WHAT);
  // Another organisation's subscription does not exist for this caller.
  if (id !== principal.org.id) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const own = await readSubscription(ctx, id);
  if (!own) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return own;
}

/** The licence as compared: the same plan, seats and expiry whatever the key order. */
function licenceKey(license: SubscriptionLicense | null | undefined): string {
  return JSON.stringify([license?.plan ?? null, license?.seats ?? null, license?.expiry_date ?? null]);
}

function domainsOrThrow(input: SubscriptionInput): { primary: string; authorised: string[] } {
  const primary = input.primary_domain.trim().toLowerCase();
  if (!isDomainName(primary)) throw badRequest(`'${input.primary_domain}' is not a domain name.`);
  const authorised = [...new Set((input.authorized_domains ?? []).map((d) => d.trim().toLowerCase()))];
  const wrong = authorised.find((d) => !isDomainName(d));
  if (wrong !== undefined) throw badRequest(`'${wrong}' is not a domain name.`);
  return { primary, authorised };
}

export async function updateSubscription(
  ctx: AppContext,
  principal: Principal,
  id: number,
  input: SubscriptionInput,
): Promise<SubscriptionRecord> {
  const current = await getSubscription(ctx, principal, id);
  requireAdministrator(principal, adminTypes.configuration, 'update', WHAT);
  if (input.active !== undefined && input.active !== current.active) throw new HttpError('forbidden', OPERATOR_ONLY);
  if (input.license !== undefined && licenceKey(input.license) !== licenceKey(current.license)) {
    throw new HttpError('forbidden', OPERATOR_ONLY);
  }
  const { primary, authorised } = domainsOrThrow(input);
  if (input.email_signup && authorised.length === 0) throw badRequest('E-mail sign-up needs at least one authorised domain.');
  const company = input.company.trim();
  const customerSchema = input.customer_schema === null ? current.customer_schema : input.customer_schema.trim();
  if (!company) throw badRequest('Please enter the company name');
  if (customerSchema === '') throw badRequest('Please enter the customer schema');
  await ctx.database.db
    .updateTable('organisations')
    .set({
      company,
      primary_domain: primary,
      customer_schema: customerSchema,
      email_signup: input.email_signup ? 1 : 0,
      authorized_domains: writeJson(authorised),
    })
    .where('id', '=', id)
    .execute();
  const saved = (await readSubscription(ctx, id))!;
  const changes = (['company', 'primary_domain', 'customer_schema', 'email_signup', 'authorized_domains'] as const)
    .filter((key) => JSON.stringify(current[key]) !== JSON.stringify(saved[key]))
    .map((key) => `${key}: ${JSON.stringify(current[key])} → ${JSON.stringify(saved[key])}`);
  await logAdministration(ctx.database, principal, {
    subject: 'Subscription saved',
    action: 'saved the subscription',
    descrip: changes.join('\n') || 'No change',
  });
  return saved;
}

/**
 * The subscription (`$$configuration`, docs/product/administration.md#subscriptions): the
 * organisation's own row read as a record — company, primary_domain, customer_schema,
 * email_signup, active, authorized_domains, license. Pure helpers, shared by the administrator's
 * screen, the operator's command line and self sign-up.
 */
import { readJson } from '../../platform/db/json.ts';

export interface SubscriptionLicense {
  plan?: string;
  seats?: number;
  expiry_date?: string;
}

export interface SubscriptionRecord {
  id: number;
  app_id: string;
  company: string;
  primary_domain: string | null;
  customer_schema: string | null;
  email_signup: boolean;
  active: boolean;
  authorized_domains: string[];
  license: SubscriptionLicense | null;
  created_date: string;
}

/** The columns of `organisations` a subscription record is read from. */
export const SUBSCRIPTION_COLUMNS = [
  'id',
  'app_id',
  'company',
  'primary_domain',
  'customer_schema',
  'email_signup',
  'active',
  'authorized_domains',
  'license',
  'created_date',
] as const;

export interface OrganisationRowLike {
  id: number;
  app_id: string;
  company: string;
  primary_domain: string | null;
  customer_schema: string | null;
  email_signup: number;
  active: number;
  authorized_domains: unknown;
  license: unknown;
  created_date: string;
}

export function subscriptionOf(row: OrganisationRowLike): SubscriptionRecord {
  const domains = readJson<unknown>(row.authorized_domains, []);
  return {
    id: Number(row.id),
    app_id: row.app_id,
    company: row.company,
    primary_domain: row.primary_domain,
    customer_schema: row.customer_schema,
    email_signup: Number(row.email_signup) === 1,
    active: Number(row.active) === 1,
    authorized_domains: Array.isArray(domains) ? domains.filter((d): d is string => typeof d === 'string') : [],
    license: readJson<SubscriptionLicense | null>(row.license, null),
    created_date: row.created_date,
  };
}

/** The lower-case domain of an e-mail address, or undefined when it has none. */
export function domainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  return email.slice(at + 1).toLowerCase();
}

/** Self sign-up is open to an address of one of the authorised domains, while the subscription is active. */
export function acceptsSignUpFrom(subscription: SubscriptionRecord, email: string): boolean {
  const domain = domainOf(email);
  if (!domain || !subscription.active || !subscription.email_signup) return false;
  return subscription.authorized_domains.some((allowed) => allowed.toLowerCase() === domain);
}

/** Pure: a hostname-like domain (letters, digits, hyphens, dots; one dot at least). */
export function isDomainName(value: string): boolean {
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(value);
}

/**
 * Directory settings (docs/product/identities-and-sign-in.md#directory-settings; issue 3 item 5): read and write for administrators.
 * The OIDC client secret is write-only (answered as `client_secret_set`); an empty or absent
 * secret keeps the stored one.
 */
import type { DirectorySettings } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { badRequest } from '../../http/http-error.ts';
import { loadDirectorySettings } from '../../platform/auth/directory-settings.ts';
import { nowIso, writeJson } from '../../platform/db/json.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import type { OutboundPolicy } from '../../platform/net/address-policy.ts';
import { allowedHostsOrThrow, isClosedHostname, privateHostMessage } from './allowed-hosts.ts';

const WHAT = 'directory settings';

export type DirectoryAnswer = DirectorySettings & { client_secret_set: boolean };

/** What a save may send: the settings, where an absent MFA method or legacy ACL flag keeps the stored one. */
export type DirectorySettingsInput = Omit<DirectorySettings, 'mfa_method' | 'legacy_acl' | 'lock_workflow_events'> &
  Partial<Pick<DirectorySettings, 'mfa_method' | 'legacy_acl' | 'lock_workflow_events'>>;

export async function getDirectorySettings(ctx: AppContext, principal: Principal): Promise<DirectoryAnswer> {
  requireAdministrator(principal, adminTypes.directory, 'read', WHAT);
  const stored = await loadDirectorySettings(ctx.database.db, principal.org.id);
  const { client_secret: _secret, client_secret_set: _set, ...settings } = stored.settings;
  return { ...settings, client_secret_set: stored.clientSecret !== null };
}

export async function putDirectorySettings(ctx: AppContext, principal: Principal, body: DirectorySettingsInput): Promise<DirectoryAnswer> {
  requireAdministrator(principal, adminTypes.directory, 'update', WHAT);
  const orgId = principal.org.id;
  const stored = await loadDirectorySettings(ctx.database.db, orgId);
  const settings: DirectorySettings = {
    mfa_method: body.mfa_method ?? stored.settings.mfa_method,
    legacy_acl: body.legacy_acl ?? stored.settings.legacy_acl,
    lock_workflow_events: body.lock_workflow_events ?? stored.settings.lock_workflow_events,
    federated_login: body.federated_login,
    provider: body.provider.trim(),
    allow_users_internal: body.allow_users_internal,
    // Checked when sent; a list stored before the operator's policy existed is kept as it is (the
    // outbound client refuses its private entries on every connection).
    allowed_hosts: body.allowed_hosts
      ? allowedHostsOrThrow(body.allowed_hosts, ctx.config.outbound)
      : (stored.settings.allowed_hosts ?? []),
  };
  const issuer = body.issuer ?? stored.settings.issuer;
  const clientId = body.client_id ?? stored.settings.client_id;
  // Checked when sent, like the allowed hosts; an issuer stored earlier is refused on every connection.
  if (issuer) settings.issuer = body.issuer ? issuerOrThrow(issuer, ctx.config.outbound) : issuer;
  if (clientId) settings.client_id = clientId.trim();
  if (!settings.provider) throw badRequest('Invalid body: provider must NOT have fewer than 1 characters');
  if (settings.federated_login && (!settings.issuer || !settings.client_id)) {
    throw badRequest("Federated sign-in needs the provider's issuer URL and client id.");
  }
  const secret = body.client_secret ? body.client_secret : stored.clientSecret;
  const row = { settings: writeJson(settings), client_secret: secret, updated_date: nowIso() };
  await ctx.database.db
    .insertInto('directory_settings')
    .values({ org_id: orgId, ...row })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(row))
    .execute();
  await logAdministration(ctx.database, principal, {
    subject: 'Directory settings updated',
    action: `updated the directory settings (federated sign-in ${onOff(settings.federated_login)}, created and workflow events locked ${onOff(settings.lock_workflow_events)})`,
    descrip: settingsChanges(stored.settings, settings),
  });
  return getDirectorySettings(ctx, principal);
}

export const ISSUER_NOT_HTTPS = 'issuer must be an https URL.';

/**
 * The issuer URL, refused at once (rather than at the first sign-in) where the outbound client
 * would refuse it: plain http unless the operator allows it (OUTBOUND_ALLOW_HTTP), a local or
 * non-public address unless the operator opened it (OUTBOUND_ALLOW_PRIVATE).
 */
function issuerOrThrow(text: string, policy: OutboundPolicy): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw badRequest(ISSUER_NOT_HTTPS);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) throw badRequest(ISSUER_NOT_HTTPS);
  if (url.username || url.password) throw badRequest('issuer must not carry credentials.');
  if (isClosedHostname(url.hostname, policy)) throw badRequest(privateHostMessage(url.host));
  return url.href.replace(/\/+$/, '');
}

const onOff = (flag: boolean) => (flag ? 'on' : 'off');

/** The settings a save changed, one per line (`name: before → after`); the client secret never appears. */
function settingsChanges(before: DirectorySettings, after: DirectorySettings): string {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as (keyof DirectorySettings)[]);
  const lines: string[] = [];
  for (const key of keys) {
    if (key === 'client_secret' || key === 'client_secret_set') continue;
    const [a, b] = [JSON.stringify(before[key] ?? null), JSON.stringify(after[key] ?? null)];
    if (a !== b) lines.push(`${key}: ${a} → ${b}`);
  }
  return lines.join('\n');
}

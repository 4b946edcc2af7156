/**
 * Directory settings (docs/product/identities-and-sign-in.md#directory-settings; issue 3 item 5): read and write for administrators.
 * The OIDC client secret and the SCIM bearer token are write-only (answered as `client_secret_set`,
 * `scim_token_set`); an empty or absent one keeps the stored one. The SCIM token is sealed with the
 * organisation's key, and is only kept while the SCIM address stays on the same origin: a token is
 * never sent to an address it was not entered for.
 */
import type { DirectorySettings } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { badRequest } from '../../http/http-error.ts';
import { loadDirectorySettings } from '../../platform/auth/directory-settings.ts';
import { encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import { nowIso, writeJson } from '../../platform/db/json.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import type { OutboundPolicy } from '../../platform/net/address-policy.ts';
import { allowedHostsOrThrow, isClosedHostname, privateHostMessage } from './allowed-hosts.ts';

const WHAT = 'directory settings';

export type DirectoryAnswer = DirectorySettings & { client_secret_set: boolean; scim_token_set: boolean };

export const SCIM_TOKEN_AGAIN = 'Enter the SCIM bearer token again: the SCIM address now points to another server.';

/** What a save may send: the settings, where an absent MFA method or legacy ACL flag keeps the stored one. */
export type DirectorySettingsInput = Omit<DirectorySettings, 'mfa_method' | 'legacy_acl' | 'lock_workflow_events'> &
  Partial<Pick<DirectorySettings, 'mfa_method' | 'legacy_acl' | 'lock_workflow_events'>>;

export async function getDirectorySettings(ctx: AppContext, principal: Principal): Promise<DirectoryAnswer> {
  requireAdministrator(principal, adminTypes.directory, 'read', WHAT);
  const stored = await loadDirectorySettings(ctx.database.db, principal.org.id);
  const { client_secret: _secret, client_secret_set: _set, scim_token: _token, scim_token_set: _tokenSet, ...settings } = stored.settings;
  return { ...settings, client_secret_set: stored.clientSecret !== null, scim_token_set: stored.sealedScimToken !== null };
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
  if (issuer) settings.issuer = body.issuer ? outboundUrlOrThrow('issuer', issuer, ctx.config.outbound) : issuer;
  // An empty address turns the directory sync off; an absent one keeps the stored address.
  const scimUrl = body.scim_url === undefined ? stored.settings.scim_url : body.scim_url.trim();
  if (scimUrl) settings.scim_url = body.scim_url ? outboundUrlOrThrow('scim_url', scimUrl, ctx.config.outbound) : scimUrl;
  if (clientId) settings.client_id = clientId.trim();
  if (!settings.provider) throw badRequest('Invalid body: provider must NOT have fewer than 1 characters');
  if (settings.federated_login && (!settings.issuer || !settings.client_id)) {
    throw badRequest("Federated sign-in needs the provider's issuer URL and client id.");
  }
  const secret = body.client_secret ? body.client_secret : stored.clientSecret;
  const scimToken = await scimTokenToStore(
    ctx,
    orgId,
    body.scim_token,
    stored.sealedScimToken,
    stored.settings.scim_url,
    settings.scim_url,
  );
  const row = { settings: writeJson(settings), client_secret: secret, scim_token: scimToken, updated_date: nowIso() };
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
 * The SCIM token to store: a new one sent is sealed; otherwise the stored one, unless the address
 * it was entered for is gone (dropped with it) or now names another origin (400: enter it again).
 */
async function scimTokenToStore(
  ctx: AppContext,
  orgId: number,
  sent: string | undefined,
  sealed: string | null,
  urlBefore: string | undefined,
  urlAfter: string | undefined,
): Promise<string | null> {
  if (!urlAfter) return null;
  if (sent) return encryptOrgSecret({ database: ctx.database, masterKey: ctx.config.secretsKey }, orgId, sent.trim());
  if (sealed && urlBefore && originOf(urlBefore) !== originOf(urlAfter)) throw badRequest(SCIM_TOKEN_AGAIN);
  return sealed;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * An outbound URL (the OIDC issuer, the SCIM address), refused at once (rather than at the first
 * connection) where the outbound client would refuse it: plain http unless the operator allows it
 * (OUTBOUND_ALLOW_HTTP), a local or non-public address unless the operator opened it
 * (OUTBOUND_ALLOW_PRIVATE).
 */
function outboundUrlOrThrow(field: 'issuer' | 'scim_url', text: string, policy: OutboundPolicy): string {
  const notHttps = `${field} must be an https URL.`;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw badRequest(notHttps);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) throw badRequest(notHttps);
  if (url.username || url.password) throw badRequest(`${field} must not carry credentials.`);
  // The sync adds its own paths and paging to the SCIM address.
  if (field === 'scim_url' && (url.search || url.hash)) throw badRequest('scim_url must not carry a query or fragment.');
  if (isClosedHostname(url.hostname, policy)) throw badRequest(privateHostMessage(url.host));
  return url.href.replace(/\/+$/, '');
}

const onOff = (flag: boolean) => (flag ? 'on' : 'off');

/** The settings a save changed, one per line (`name: before → after`); the secrets never appear. */
function settingsChanges(before: DirectorySettings, after: DirectorySettings): string {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)] as (keyof DirectorySettings)[]);
  const lines: string[] = [];
  for (const key of keys) {
    if (key === 'client_secret' || key === 'client_secret_set' || key === 'scim_token' || key === 'scim_token_set') continue;
    const [a, b] = [JSON.stringify(before[key] ?? null), JSON.stringify(after[key] ?? null)];
    if (a !== b) lines.push(`${key}: ${a} → ${b}`);
  }
  return lines.join('\n');
}

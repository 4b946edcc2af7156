/**
 * Directory settings per organisation (docs/product/identities-and-sign-in.md#directory-settings): the mfa method, the
 * federated sign-in switch and its OpenID Connect provider, and whether internal (password)
 * users are allowed beside federated ones. Sign-in reads them; `modules/directory` edits them.
 * The OIDC client secret and the SCIM bearer token (sealed) are stored apart and never answered.
 */
import type { DirectorySettings } from '@docket/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { readJson } from '../db/json.ts';

export const DEFAULT_DIRECTORY_SETTINGS: DirectorySettings = {
  mfa_method: 'email',
  legacy_acl: false,
  // docs/product/workflow-and-timeline.md#event-rules: created and workflow events stay as they are unless turned off.
  lock_workflow_events: true,
  federated_login: false,
  provider: 'Docket',
  allow_users_internal: true,
  allowed_hosts: [],
};

export interface StoredDirectorySettings {
  settings: DirectorySettings;
  clientSecret: string | null;
  /** The SCIM bearer token as stored: sealed with the organisation's key (platform/crypto/org-secrets.ts). */
  sealedScimToken: string | null;
}

type Executor = Kysely<Tables> | Transaction<Tables>;

export async function loadDirectorySettings(executor: Executor, orgId: number): Promise<StoredDirectorySettings> {
  const row = await executor
    .selectFrom('directory_settings')
    .select(['settings', 'client_secret', 'scim_token'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  const stored = readJson<Partial<DirectorySettings>>(row?.settings, {});
  return {
    settings: { ...DEFAULT_DIRECTORY_SETTINGS, ...stored },
    clientSecret: row?.client_secret ?? null,
    sealedScimToken: row?.scim_token ?? null,
  };
}

/** The directory settings of every organisation an identity belongs to. */
export async function settingsOfIdentity(database: Database, identityUuid: string): Promise<DirectorySettings[]> {
  const rows = await database.db
    .selectFrom('memberships as m')
    .leftJoin('directory_settings as d', 'd.org_id', 'm.org_id')
    .select(['d.settings'])
    .where('m.identity_uuid', '=', identityUuid)
    .execute();
  return rows.map((row) => ({ ...DEFAULT_DIRECTORY_SETTINGS, ...readJson<Partial<DirectorySettings>>(row.settings, {}) }));
}

/** E-mail codes unless an organisation of the identity asks for authenticator apps. */
export function mfaMethodOf(settings: readonly DirectorySettings[]): 'email' | 'app' {
  return settings.some((s) => s.mfa_method === 'app') ? 'app' : 'email';
}

/**
 * Password sign-in is refused when every organisation of the identity signs in through its
 * directory and allows no internal users (allow_users_internal false).
 */
export function isPasswordSignInAllowed(settings: readonly DirectorySettings[]): boolean {
  if (settings.length === 0) return true;
  return settings.some((s) => !s.federated_login || s.allow_users_internal);
}

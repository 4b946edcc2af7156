/**
 * Organisations and the people in them: the tenant every other row belongs to, identities (global;
 * organisations reach them only through memberships), invitations and sign-up links, and the
 * storage limit's last measure.
 */
import type { Generated } from 'kysely';

/** An organisation (a subscription): the tenant every other row belongs to. */
export interface OrganisationsTable {
  id: Generated<number>;
  /** The `{appId}` of `/v3/{appId}/...`: unique, chosen at creation. */
  app_id: string;
  /** The organisation's name, shown in the breadcrumb. */
  company: string;
  /** The e-mail domain the organisation signs up from, if any. */
  primary_domain: string | null;
  /** JSON: what every member's screens need (general flags, categories, theme). */
  app_config: unknown;
  /** JSON: administration settings (storage, translation, mail…). */
  settings: unknown;
  /** 1 while the subscription is active. */
  active: number;
  created_date: string;
  /** Migration 021: the subscription's customer schema name. */
  customer_schema: string | null;
  /** Migration 021: 1 when people of the authorised domains may sign themselves up. */
  email_signup: Generated<number>;
  /** Migration 021, JSON: the e-mail domains self sign-up accepts. */
  authorized_domains: unknown;
  /** Migration 021, JSON: plan, seats, expiry date (set by the platform operator). */
  license: unknown;
}

/** A person (or service user). Global: organisations reach identities through `memberships`. */
export interface IdentitiesTable {
  uuid: string;
  /** Normalised (NFKC, lower case) and unique; compared exactly, never by collation. */
  email: string;
  display_name: string;
  job_title: string | null;
  /** argon2id hash; null for identities that only sign in through their federated provider. */
  password_hash: string | null;
  /** 1: a good password is followed by a one-time code. */
  mfa: number;
  /** 1: the identity may sign in at all (0 keeps it as a name on documents only). */
  login_enabled: number;
  /** 0: disabled; its sessions are revoked and sign-in is refused. */
  active: number;
  /**
   * No longer read or written (emptied by migration 033): the federated link is per organisation,
   * `memberships.federated_id`.
   */
  federated_id: string | null;
  /** The identity's line manager. */
  manager_uuid: string | null;
  /** JSON: language, mail alerts, stars, theme, metrics (`PUT /v2/identity/me/prefs`). */
  preferences: unknown;
  created_date: string;
  last_login: string | null;
  /** Successful sign-ins so far. */
  session_count: number;
  /** Authenticator (TOTP) secret once enrolled, for the directory's `mfa_method: app` (migration 002). */
  totp_secret: string | null;
  /**
   * Migration 005: the organisation whose administrator set the current password; null when the
   * person chose it.
   */
  password_org_id: Generated<number | null>;
}

/** An identity's membership of one organisation; the only way an identity reaches an organisation. */
export interface MembershipsTable {
  org_id: number;
  identity_uuid: string;
  created_date: string;
  /**
   * Migration 022 (directory sync): the member's id at this organisation's directory, once the
   * directory sync created or matched them.
   */
  directory_id: Generated<string | null>;
  /**
   * Migration 033: the member's `issuer|sub` at this organisation's federated provider, once they
   * signed in there (or an administrator of this organisation set it). Per organisation: another
   * organisation's provider never reads or writes it.
   */
  federated_id: Generated<string | null>;
  /**
   * Migration 034: the member's preferences that name this organisation's records (default site,
   * preferred currency, starred metrics); null until they choose one. The person's own settings
   * stay in `identities.preferences` (modules/preferences/member-preferences.ts).
   */
  preferences: Generated<unknown>;
}

/** An invitation to an organisation (issue 11, migration 005): identities are shared only by invitation. */
export interface InvitationsTable {
  id: Generated<number>;
  org_id: number;
  /** The address the administrator typed (normalised); never an identity's id. */
  email: string;
  token_hash: string;
  /** The grant applied on acceptance (`InvitationGrant`), or null for none. */
  grant_data: unknown;
  status: 'pending' | 'accepted' | 'cancelled';
  invited_by: string;
  created_date: string;
  sent_date: string;
  expires_date: string;
  closed_date: string | null;
}

/**
 * An e-mailed account set-up link (self sign-up, a new organisation's administrator); only the
 * token's hash is kept (issue 17, migration 021).
 */
export interface SignupRequestsTable {
  id: Generated<number>;
  org_id: number;
  email: string;
  token_hash: string;
  /** JSON: the grant the new member gets (an InvitationGrant). */
  grant_data: unknown;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

/** The storage limit's last measure per organisation (migration 024, platform/files/storage-usage.ts). */
export interface StorageMeasuresTable {
  org_id: number;
  /** Every category's bytes together, as `storageBytesOf` summed them. */
  bytes: number | string;
  measured_at: string;
}

export interface OrganisationTables {
  organisations: OrganisationsTable;
  identities: IdentitiesTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  signup_requests: SignupRequestsTable;
  storage_measures: StorageMeasuresTable;
}

/**
 * Sign-in and its secrets: refresh tokens, one-time codes, federated sign-ins in progress, an
 * organisation's directory settings, attempt counters and the server secrets every process shares.
 * Tokens and codes are stored only as hashes.
 */
import type { Generated } from 'kysely';

/** Opaque refresh tokens, stored only as hashes; each use spends one and issues the next of its family. */
export interface RefreshTokensTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  /** One sign-in's chain of tokens; access tokens carry it as `sid` so a revoked family stops them too. */
  family_id: string;
  identity_uuid: string;
  created_date: string;
  expires_date: string;
  /** When the token was spent; replaying a spent token revokes its whole family. */
  used_date: string | null;
  revoked_date: string | null;
  /**
   * Migration 005: the organisation the session is bound to (federated or administrator-set
   * password); null: every membership.
   */
  org_id: Generated<number | null>;
}

/**
 * Pending second steps of sign-in: an e-mailed or authenticator one-time code, or the one-time
 * code a federated sign-in hands back to the browser. Single use, 10 minutes, 5 tries (migration 002).
 */
export interface SignInCodesTable {
  id: Generated<number>;
  /** Hash of the `client_code` the browser holds between the two steps. */
  client_code_hash: string;
  purpose: 'otp' | 'federated';
  identity_uuid: string;
  /** HMAC of the code (null when an authenticator app checks it instead). */
  code_hash: string | null;
  method: 'email' | 'app' | 'federated';
  /** Tries so far; each try reserves its slot before the comparison. */
  attempts: number;
  created_date: string;
  expires_date: string;
  used_date: string | null;
  /** Migration 005: the organisation the sign-in is bound to, as on its refresh tokens. */
  org_id: Generated<number | null>;
  /**
   * Migration 033: for the federated hand-back code, the SHA-256 of the browser value of the
   * sign-in's start (its cookie); only that browser may exchange the code.
   */
  browser_hash: Generated<string | null>;
}

/** An organisation's directory settings: one-time-code method, federated provider, allowed hosts (migration 002). */
export interface DirectorySettingsTable {
  org_id: number;
  /** JSON: mfa_method, federated_login, provider, allow_users_internal, allowed_hosts… */
  settings: unknown;
  /** The federated provider's client secret, kept apart from `settings` so it is never answered. */
  client_secret: string | null;
  updated_date: string;
  /**
   * Migration 022 (directory sync): the SCIM bearer token, sealed as an organisation secret
   * (platform/crypto/org-secrets.ts); never answered.
   */
  scim_token: Generated<string | null>;
}

/** A federated sign-in in progress (10 minutes, single use; migration 002). */
export interface OidcStatesTable {
  /** Hash of the `state` sent to the provider. */
  state_hash: string;
  org_id: number;
  nonce: string;
  /** The PKCE verifier of the authorization request. */
  code_verifier: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
  /** Migration 033: the SHA-256 of the random value the start put in the browser's cookie. */
  browser_hash: Generated<string | null>;
}

/** Attempt counters of sign-in and one-time codes, one row per key and window, bumped atomically. */
export interface RateLimitsTable {
  /** What is counted: `password:email:…`, `password:ip:…` and the like. */
  key: string;
  window_start: string;
  count: number;
}

/** Server secrets shared by every process (the token signing key, the code HMAC key). */
export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface SignInTables {
  refresh_tokens: RefreshTokensTable;
  sign_in_codes: SignInCodesTable;
  directory_settings: DirectorySettingsTable;
  oidc_states: OidcStatesTable;
  rate_limits: RateLimitsTable;
  app_secrets: AppSecretsTable;
}

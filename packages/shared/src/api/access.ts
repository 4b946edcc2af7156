/**
 * Identity and access control contracts (issue 3; docs/product/access.md#grants, "Access control entry",
 * "Directory settings", "Log"). Administration lists answer `ListAnswer<T>` of these shapes.
 */
import type { Grant, UserPreferences } from './session.ts';
import type { PersonRef } from './documents.ts';

/** ACL levels (docs/product/access.md#grants): 0 No Access, 1 Depositor, 2 Reader, 3 Author, 4 Editor, 6 Administrator. */
export const ACL_LEVEL_LABELS: Readonly<Record<number, string>> = {
  0: 'No Access',
  1: 'Depositor',
  2: 'Reader',
  3: 'Author',
  4: 'Editor',
  6: 'Administrator',
};

/** Scope levels of an access entry: 1 group, 2 region, 3 site. */
export const ACL_SCOPE_LABELS: Readonly<Record<number, string>> = { 1: 'Group', 2: 'Region', 3: 'Site' };

export const BUILTIN_ROLES: readonly string[] = ['administrator', 'manager', 'editor', 'reader', 'regional vp', 'reviewer', 'mail'];

/** One access control entry (`/v3/{appId}/acl`). */
export interface AclEntryAnswer {
  id: number;
  acl_id: number;
  group: string | null;
  identity_id: string | null;
  identity: PersonRef | null;
  members: PersonRef[];
  level: number;
  create: boolean;
  delete: boolean;
  roles: string[];
  granular: { doc_types: string[] };
  module: string | null;
  scope: number;
  region_id: number | null;
  site_id: number | null;
  created_date: string;
  meta: { access: { editor: boolean; delete: boolean } };
}

/** What a create or update of an access entry may carry (other keys are server-controlled). */
export interface AclEntryInput {
  group?: string | null;
  identity_id?: string | null;
  members?: (string | { uuid: string })[];
  level?: number;
  create?: boolean;
  delete?: boolean;
  roles?: string[];
  granular?: { doc_types?: string[] };
  module?: string | null;
  scope?: number;
  region_id?: number | null;
  site_id?: number | null;
}

/** One identity as its organisation's administrators see it (`/v3/{appId}/users`). */
export interface IdentityAnswer {
  id: string;
  uuid: string;
  display_name: string;
  email: string;
  job_title: string | null;
  mfa: boolean;
  /** Login enabled. */
  user: boolean;
  active: boolean;
  created_date: string;
  last_login: string | null;
  session_count: number;
  manager: string | null;
  preferences: UserPreferences;
  federated_id: string | null;
  federated: boolean;
  /** True when the identity also belongs to another organisation: profile and password are then read-only here. */
  shared: boolean;
  acl: Grant[];
  meta: { access: { editor: boolean; delete: boolean } };
}

export interface IdentityInput {
  email?: string;
  display_name?: string;
  job_title?: string | null;
  password?: string;
  mfa?: boolean;
  user?: boolean;
  active?: boolean;
  manager?: string | null;
  preferences?: UserPreferences;
  federated_id?: string | null;
  /** On creation: the access the new member gets (also what an invitation grants on acceptance). */
  grant?: InvitationGrant;
}

/** The organisation-wide grant an invitation (or a created member) gets. */
export interface InvitationGrant {
  level: number;
  roles?: string[];
}

/**
 * A pending, accepted or cancelled invitation (`/v3/{appId}/invitations`). It carries only what
 * the inviting administrator typed: nothing of the identity behind the address.
 */
export interface InvitationAnswer {
  id: number;
  email: string;
  status: 'pending' | 'expired' | 'accepted' | 'cancelled';
  created_date: string;
  sent_date: string;
  expires_date: string;
  grant: InvitationGrant | null;
}

/** `POST /v3/{appId}/users` for an address that already has an identity: 202 and an invitation. */
export interface InvitationSentAnswer {
  error: false;
  invited: true;
  invitation: InvitationAnswer;
}

/** `POST /v3/invitations/lookup`: what the person who opened the link is asked to accept. */
export interface InvitationLookupAnswer {
  company: string;
  app_id: string;
  email: string;
  expires_date: string;
}

/** `POST /v3/invitations/accept`. `sign_in_again`: a new password was chosen, every session ended. */
export interface InvitationAcceptedAnswer {
  error: false;
  app_id: string;
  company: string;
  sign_in_again: boolean;
}

/** `GET /identities/all`: identity options for pickers (docs/product/identities-and-sign-in.md#identities). */
export interface IdentityOption {
  uuid: string;
  display_name: string;
}

/** `POST /identities/{id}/merge?uuid_to=`: the counts behind '{n} user(s) successfully merged (m could not be merged).' */
export interface MergeAnswer {
  error: false;
  merged: number;
  failed: number;
  descrip: string;
  moved: { documents: number; events: number; grants: number; memberships: number };
  failures: { uuid: string; reason: string }[];
}

/** A log line (`/v3/{appId}/$$log`): 1 info, 2 warning, 3 severe. */
export interface LogAnswer {
  id: number;
  type: 1 | 2 | 3;
  created_date: string;
  subject: string;
  summary: string;
  descrip: string;
}

/** A kept outgoing message (`/v3/{appId}/$$outbox`). */
export interface OutboxAnswer {
  id: number;
  mail_to: string;
  subject: string;
  content: string | null;
  content_type: 'text/plain';
  status: 'outbox' | 'sent' | 'failed';
  mail_sent: string | null;
  created_date: string;
}

/** An audit row (`/v3/{appId}/$$audit?doc_id=`). */
export interface AuditAnswer {
  id: number;
  doc_id: number;
  doc_type: string;
  action: string;
  actor: PersonRef;
  created_date: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** Directory settings (`/v3/{appId}/$$directory`, docs/product/identities-and-sign-in.md#directory-settings). */
export interface DirectorySettings {
  mfa_method: 'email' | 'app';
  legacy_acl: boolean;
  /**
   * On by default: created and workflow events cannot be edited or deleted by anyone
   * (docs/product/workflow-and-timeline.md#event-rules). Absent in a save keeps the stored value.
   */
  lock_workflow_events: boolean;
  federated_login: boolean;
  /** The federated tenant directory's display name (required, at least 1 character). */
  provider: string;
  allow_users_internal: boolean;
  /** OpenID Connect issuer URL (discovery at /.well-known/openid-configuration). */
  issuer?: string;
  client_id?: string;
  /** Write-only: answered as `client_secret_set`. */
  client_secret?: string;
  client_secret_set?: boolean;
  /** Hosts (host or host:port) the outbound client may reach although they are private or loopback. */
  allowed_hosts?: string[];
  /**
   * The SCIM 2.0 base URL of the organisation's directory (`{scim_url}/Users`, `{scim_url}/Groups`),
   * read by the directory sync task (docs/product/administration.md#directory-sync); absent: no sync.
   */
  scim_url?: string;
  /** Write-only SCIM bearer token: answered as `scim_token_set`. */
  scim_token?: string;
  scim_token_set?: boolean;
}

/** What an external approver's link shows (docs/product/workflow-and-timeline.md#external-approvers): a safe, read-only summary. */
export interface ExternalApprovalSummary {
  company: string;
  title: string;
  display_id: string;
  summary: string;
  status: string;
  step: string;
  email: string;
  expires_date: string;
}

export interface ExternalApprovalActed {
  error: false;
  status: string;
}

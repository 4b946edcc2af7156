/**
 * Row types of every table, as Kysely sees them. Dates are ISO-8601 UTC text on both databases so
 * that comparisons, filters and the in-memory filter evaluator agree; JSON columns hold text on
 * SQLite and jsonb on PostgreSQL (written as JSON strings, read back through `parseJson`).
 */
import type { Generated, Selectable } from 'kysely';

export interface OrganisationsTable {
  id: Generated<number>;
  app_id: string;
  company: string;
  primary_domain: string | null;
  app_config: unknown;
  settings: unknown;
  active: number;
  created_date: string;
}

export interface IdentitiesTable {
  uuid: string;
  email: string;
  display_name: string;
  job_title: string | null;
  password_hash: string | null;
  mfa: number;
  login_enabled: number;
  active: number;
  federated_id: string | null;
  manager_uuid: string | null;
  preferences: unknown;
  created_date: string;
  last_login: string | null;
  session_count: number;
  totp_secret: string | null;
}

export interface MembershipsTable {
  org_id: number;
  identity_uuid: string;
  created_date: string;
}

export interface AclEntriesTable {
  id: Generated<number>;
  org_id: number;
  identity_uuid: string | null;
  group_name: string | null;
  level: number;
  can_create: number;
  can_delete: number;
  roles: unknown;
  doc_types: unknown;
  module: string | null;
  scope: number;
  region_id: number | null;
  site_id: number | null;
  created_date: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  token_hash: string;
  family_id: string;
  identity_uuid: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
  revoked_date: string | null;
}

export interface DocumentsTable {
  id: Generated<number>;
  org_id: number;
  doc_type: string;
  display_id: string;
  status: string;
  summary: string;
  descrip: string;
  parent_id: number | null;
  site_id: number | null;
  region_id: number | null;
  zone_id: number | null;
  module_id: number | null;
  ref: string | null;
  created_by: string;
  created_date: string;
  updated_by: string;
  updated_date: string;
  closed: number;
  closed_date: string | null;
  due_date: string | null;
  status_date: string | null;
  workflow: unknown;
  attachments: unknown;
  data: unknown;
  /** Optimistic-concurrency counter of workflow transitions (migration 004). */
  workflow_version: Generated<number>;
  /** Bumped by every write that changes the document; an edit names the one it read (migration 006). */
  version: Generated<number>;
}

export interface DocumentSequencesTable {
  org_id: number;
  doc_type: string;
  last_seq: number;
}

export interface EventsTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  parent_id: number | null;
  type: string;
  subject: string | null;
  descrip: string;
  on_behalf_of: unknown;
  attachments: unknown;
  created_by: string;
  created_date: string;
  sort_date: string;
}

export interface LogsTable {
  id: Generated<number>;
  org_id: number | null;
  type: number;
  created_date: string;
  subject: string;
  summary: string;
  descrip: string;
  identity_uuid: string | null;
}

export interface AuditTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  doc_type: string;
  action: string;
  actor_uuid: string;
  created_date: string;
  changes: unknown;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface Tables {
  organisations: OrganisationsTable;
  identities: IdentitiesTable;
  memberships: MembershipsTable;
  acl_entries: AclEntriesTable;
  refresh_tokens: RefreshTokensTable;
  documents: DocumentsTable;
  document_sequences: DocumentSequencesTable;
  events: EventsTable;
  logs: LogsTable;
  audit_trail: AuditTable;
  rate_limits: RateLimitsTable;
  app_secrets: AppSecretsTable;
  acl_members: AclMembersTable;
  sign_in_codes: SignInCodesTable;
  outbox: OutboxTable;
  directory_settings: DirectorySettingsTable;
  oidc_states: OidcStatesTable;
}

export type DocumentRow = Selectable<DocumentsTable>;
export type IdentityRow = Selectable<IdentitiesTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
export type AclEntryRow = Selectable<AclEntriesTable>;

// Issue 3 (identity and access control), migration 002-access.

export interface AclMembersTable {
  acl_id: number;
  org_id: number;
  identity_uuid: string;
}

export interface SignInCodesTable {
  id: Generated<number>;
  client_code_hash: string;
  purpose: 'otp' | 'federated';
  identity_uuid: string;
  code_hash: string | null;
  method: 'email' | 'app' | 'federated';
  attempts: number;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  org_id: number | null;
  recipient_uuid: string | null;
  to_address: string;
  subject: string;
  body: string | null;
  status: 'outbox' | 'sent' | 'failed';
  error: string | null;
  created_date: string;
  sent_date: string | null;
}

export interface DirectorySettingsTable {
  org_id: number;
  settings: unknown;
  client_secret: string | null;
  updated_date: string;
}

export interface OidcStatesTable {
  state_hash: string;
  org_id: number;
  nonce: string;
  code_verifier: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

// Issue 4 (documents engine), migration 003-documents. Search (documents_fts on SQLite, the
// search_vector column on PostgreSQL) is queried with raw SQL and has no row type here.

export interface SchemaVersionsTable {
  id: Generated<number>;
  org_id: number;
  schema_doc_id: number;
  type: string;
  version: number;
  action: 'create' | 'update' | 'delete';
  schema: unknown;
  created_by: string;
  created_date: string;
}

export interface CacheVersionsTable {
  name: string;
  version: number;
}

// Declaration merging adds issue 4's tables to `Tables` without editing the list above.
export interface Tables {
  schema_versions: SchemaVersionsTable;
  cache_versions: CacheVersionsTable;
}

// Issue 6 (workflow, timeline, attachments, jobs, notifications), migration 004-workflow.
// `documents.workflow_version` and `events.data`/`events.updated_date` are typed where they are
// used (modules/workflow, modules/events) so the documents engine's row types stay as they are.

export interface FilesTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number | null;
  event_id: number | null;
  owner_uuid: string | null;
  name: string;
  storage_key: string;
  thumb_key: string | null;
  size: number;
  content_type: string;
  created_by: string;
  created_date: string;
}

export interface JobsTable {
  id: Generated<number>;
  org_id: number | null;
  kind: string;
  unique_key: string;
  payload: unknown;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  run_after: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_date: string;
  done_date: string | null;
}

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  org_id: number;
  rule_id: number;
  occurrence: string;
  recipient: string;
  recipient_uuid: string | null;
  kind: 'to' | 'cc' | 'bcc';
  doc_id: number | null;
  subject: string;
  body: string;
  status: 'pending' | 'sent';
  created_date: string;
  sent_date: string | null;
}

export interface Tables {
  files: FilesTable;
  jobs: JobsTable;
  notification_deliveries: NotificationDeliveriesTable;
}

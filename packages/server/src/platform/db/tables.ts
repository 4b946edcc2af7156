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
}

export type DocumentRow = Selectable<DocumentsTable>;
export type IdentityRow = Selectable<IdentitiesTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
export type AclEntryRow = Selectable<AclEntriesTable>;

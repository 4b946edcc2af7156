/**
 * Row types of every table, as Kysely sees them: every column a migration creates is named here,
 * so no query has to cast its way to one. Dates are ISO-8601 UTC text on both databases so that
 * comparisons, filters and the in-memory filter evaluator agree; JSON columns hold text on SQLite
 * and jsonb on PostgreSQL (written as JSON strings, read back through `parseJson`). Flags are
 * integers 0/1 (SQLite has no boolean). `Generated` columns are filled by the database on insert.
 *
 * One column is deliberately absent: PostgreSQL's generated `documents.search_vector` (migration
 * 003), which only the search module's raw SQL reads; SQLite keeps the same words in the
 * `documents_fts` virtual table instead.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A nullable column an insert may leave out (it starts null). */
type NullUntilSet<T> = ColumnType<T | null, T | null | undefined, T | null>;

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
  /** `issuer|sub` of the identity at its federated provider, once it signed in there. */
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
}

/** An identity's membership of one organisation; the only way an identity reaches an organisation. */
export interface MembershipsTable {
  org_id: number;
  identity_uuid: string;
  created_date: string;
}

/** An access control entry (a grant), naming one identity or a group (members in `acl_members`). */
export interface AclEntriesTable {
  id: Generated<number>;
  org_id: number;
  /** The identity granted, or null for a group grant. */
  identity_uuid: string | null;
  /** The group's name, for a group grant. */
  group_name: string | null;
  /** 0 No Access, 1 Depositor, 2 Reader, 3 Author, 4 Editor, 6 Administrator. */
  level: number;
  /** 1: may create documents (within the scope). */
  can_create: number;
  /** 1: may delete the documents the level lets them edit. */
  can_delete: number;
  /** JSON list of role names (administrator, manager, editor, mail, reviewer, custom roles). */
  roles: unknown;
  /** JSON list of the document types the grant is limited to; null: every type. */
  doc_types: unknown;
  /** The module (plugin) the grant is limited to, if any. */
  module: string | null;
  /** 1 group (everything), 2 region (`region_id`), 3 site (`site_id`). */
  scope: number;
  region_id: number | null;
  site_id: number | null;
  created_date: string;
}

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
}

/**
 * Every document of every type: the promoted columns lists filter, sort and scope on, plus the
 * type's own fields in `data`. Written only through the documents' write queue.
 */
export interface DocumentsTable {
  id: Generated<number>;
  org_id: number;
  /** The type's name (`incident`, `action`, `$$schema`…). */
  doc_type: string;
  /** The human id from the type's `idMask` (`INC-00042`), unique per organisation and type. */
  display_id: string;
  /** The workflow status (`Pending Approval`…), or '' for types without a workflow. */
  status: string;
  /** Built from the form's `summaryProperties`: the title lists and search show. */
  summary: string;
  /** Built from the form's `descripProperties`. */
  descrip: string;
  /** The parent document (an action's incident); never a loop. */
  parent_id: number | null;
  /** Location, read from the document's fields; access scopes filter on these two. */
  site_id: number | null;
  region_id: number | null;
  zone_id: number | null;
  module_id: number | null;
  /** External reference of a document maintained by another system (then not editable here). */
  ref: string | null;
  created_by: string;
  created_date: string;
  updated_by: string;
  updated_date: string;
  /** 1 once the workflow reached Closed or Approved. */
  closed: number;
  closed_date: string | null;
  /** When the current workflow stage becomes overdue. */
  due_date: string | null;
  /** When the status last changed. */
  status_date: string | null;
  /** JSON: the workflow state (current stage, steps done, who acted). */
  workflow: unknown;
  /** JSON list of attachment names (`meta.attachments`). */
  attachments: unknown;
  /** JSON: the type's own fields. */
  data: unknown;
  /**
   * Bumped by every workflow transition (migration 004); the transition's UPDATE names the
   * version it read, so of two people acting on one step at once exactly one succeeds.
   */
  workflow_version: Generated<number>;
  /** Bumped by every write that changes the document; an edit names the one it read (migration 006). */
  version: Generated<number>;
}

/** The last display-id number used per organisation and type, bumped inside the creating transaction. */
export interface DocumentSequencesTable {
  org_id: number;
  doc_type: string;
  last_seq: number;
}

/** A document's timeline: comments, files, imported mail, workflow actions, reviews, updates. */
export interface EventsTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  /** The event this one replies to (threads nest at most 3 levels). */
  parent_id: number | null;
  /** create, update, comment, import_file, import_mail, submit, approve, reject, reopen, review, close. */
  type: string;
  subject: string | null;
  /** The event's text (a comment, a workflow comment, an update's changed fields). */
  descrip: string;
  /** JSON `{uuid, display_name}` of the step user someone acted for, in a sequential block. */
  on_behalf_of: unknown;
  /** JSON list of the file names the event brought. */
  attachments: unknown;
  created_by: string;
  created_date: string;
  /** The timeline's order (the creation time unless an import dates the event otherwise). */
  sort_date: string;
  /** JSON: a review's fields, validated against the type's review schema (migration 004). */
  data: unknown;
  /** When the event's text was last edited (migration 004). */
  updated_date: string | null;
  /** A tombstone's deleter and date (migration 007); the original is in the audit trail. */
  deleted_by: NullUntilSet<string>;
  deleted_date: NullUntilSet<string>;
}

/** Operational log entries administrators read (sign-ins, administration, failures). */
export interface LogsTable {
  id: Generated<number>;
  /** Null for entries about no organisation (a failed sign-in by an unknown e-mail). */
  org_id: number | null;
  /** 1 info, 2 warning, 3 severe. */
  type: number;
  created_date: string;
  subject: string;
  summary: string;
  descrip: string;
  /** Who the entry is about (migration 002). */
  identity_uuid: string | null;
}

/** Append-only history of document writes (database triggers refuse updates and deletes). */
export interface AuditTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  doc_type: string;
  /** create, update, delete (and the workflow's actions). */
  action: string;
  actor_uuid: string;
  created_date: string;
  /** JSON: the fields before and after (a delete keeps the whole original). */
  changes: unknown;
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

/** Members of a group grant (`acl_entries` with a `group_name`). */
export interface AclMembersTable {
  acl_id: number;
  org_id: number;
  identity_uuid: string;
}

/**
 * Pending second steps of sign-in: an e-mailed or authenticator one-time code, or the one-time
 * code a federated sign-in hands back to the browser. Single use, 10 minutes, 5 tries.
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
}

/** Outgoing mail: kept here while no SMTP server is configured, and a record of what was sent. */
export interface OutboxTable {
  id: Generated<number>;
  org_id: number | null;
  recipient_uuid: string | null;
  /** The recipient's stored address, never one taken from a request. */
  to_address: string;
  subject: string;
  /** Kept only while the message is unsent. */
  body: string | null;
  status: 'outbox' | 'sent' | 'failed';
  /** Why sending failed. */
  error: string | null;
  created_date: string;
  sent_date: string | null;
}

/** An organisation's directory settings: one-time-code method, federated provider, allowed hosts. */
export interface DirectorySettingsTable {
  org_id: number;
  /** JSON: mfa_method, federated_login, provider, allow_users_internal, allowed_hosts… */
  settings: unknown;
  /** The federated provider's client secret, kept apart from `settings` so it is never answered. */
  client_secret: string | null;
  updated_date: string;
}

/** A federated sign-in in progress (10 minutes, single use). */
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
}

// Issue 4 (documents engine), migration 003-documents. Search (documents_fts on SQLite, the
// search_vector column on PostgreSQL) is queried with raw SQL and has no row type here.

/** Every saved version of a stored type schema (`$$schema` document), for history and diffs. */
export interface SchemaVersionsTable {
  id: Generated<number>;
  org_id: number;
  /** The `$$schema` document. */
  schema_doc_id: number;
  /** The type it defines. */
  type: string;
  /** 1, 2, 3… per schema document. */
  version: number;
  action: 'create' | 'update' | 'delete';
  /** JSON: the whole definition as saved. */
  schema: unknown;
  created_by: string;
  created_date: string;
}

/** Counters bumped when cached data changes (`schemas:{orgId}`), read by every process. */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

// Declaration merging adds issue 4's tables to `Tables` without editing the list above.
export interface Tables {
  schema_versions: SchemaVersionsTable;
  cache_versions: CacheVersionsTable;
}

// Issue 6 (workflow, timeline, attachments, jobs, notifications), migration 004-workflow. The
// columns it added to `documents` and `events` are in their tables above.

/** Stored files: a document's or an event's attachments, and profile photos. */
export interface FilesTable {
  id: Generated<number>;
  org_id: number;
  /** The document the file is attached to. */
  doc_id: number | null;
  /** The event that brought the file (an `import_file` or `import_mail`). */
  event_id: number | null;
  /** The identity whose photo this is. */
  owner_uuid: string | null;
  /** The checked, safe file name the user sees. */
  name: string;
  /** The key in the file store (local directory or S3 bucket), fresh per upload. */
  storage_key: string;
  /** The thumbnail's key, for the formats that get one. */
  thumb_key: string | null;
  /** Bytes. */
  size: number;
  /** The thumbnail's bytes (migration 020); null before it or without a thumbnail. */
  thumb_size: NullUntilSet<number>;
  /** Detected from the content, not from the upload's claim. */
  content_type: string;
  created_by: string;
  created_date: string;
}

/** The durable job queue (notifications, schedules); delivered at least once. */
export interface JobsTable {
  id: Generated<number>;
  org_id: number | null;
  /** The handler's name (`notify.document`, `notify.deliver`…). */
  kind: string;
  /** Enqueueing the same key twice is a no-op. */
  unique_key: string;
  /** JSON: the handler's input. */
  payload: unknown;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  /** Not before this time (retries back off). */
  run_after: string;
  /** The worker holding the job, until `locked_until`; a dead worker's job runs again after it. */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  /** Migration 021: the outcome line a handler answered (a server task's result). */
  result: Generated<string | null>;
  created_date: string;
  done_date: string | null;
}

/** One notification message per (rule, occurrence, recipient): unique, so sent exactly once. */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  org_id: number;
  /** The `notification` document whose rule fired. */
  rule_id: number;
  /** What fired it: the document event, or the scheduled period. */
  occurrence: string;
  /** The address mailed. */
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

// Issue 11 (identities shared only by invitation), migration 005-invitations.

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

/** The organisation a session is bound to (federated or administrator-set password); null: every membership. */
export interface RefreshTokensTable {
  org_id: Generated<number | null>;
}

export interface SignInCodesTable {
  org_id: Generated<number | null>;
}

/** The organisation whose administrator set the current password; null when the person chose it. */
export interface IdentitiesTable {
  password_org_id: Generated<number | null>;
}

export interface Tables {
  invitations: InvitationsTable;
}

// Issue 16 (mail connectors and mail import), migration 015-mail.

/** A mail connector: an organisation's shared mailbox (owner_uuid null) or a member's own 'My Mail'. */
export interface MailConnectorsTable {
  id: Generated<number>;
  org_id: number;
  /** The member whose own mailbox this is; null for the organisation's connectors. */
  owner_uuid: string | null;
  /** The provider registry key (`imap`). */
  provider: string;
  /** 'personal' (My Mail), 'shared' (a shared mailbox) or 'imap' (an IMAP inbox). */
  kind: string;
  title: string;
  /** JSON: host, port, security, user, auth, folders, poll minutes (never the secret). */
  settings: unknown;
  /** The password or OAuth2 bearer, encrypted with the organisation's key (org-secrets.ts). */
  secret: string | null;
  /** JSON: the rules turning new messages into documents. */
  rules: unknown;
  enabled: number;
  last_error: string | null;
  /** Polls failed in a row (the backoff grows with it). */
  failures: number;
  next_poll: string | null;
  created_by: string;
  created_date: string;
  updated_date: string;
}

/** One message imported into one document (unique by Message-ID per document). */
export interface MailImportsTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  message_id: string;
  event_id: number;
  connector_id: number;
  created_by: string;
  created_date: string;
}

/** The last UID a connector's rules handled in a folder (reset when the folder's UIDVALIDITY changes). */
export interface MailFolderStateTable {
  connector_id: number;
  folder: string;
  org_id: number;
  uid_validity: string;
  last_uid: number;
  updated_date: string;
}

export interface Tables {
  mail_connectors: MailConnectorsTable;
  mail_imports: MailImportsTable;
  mail_folder_state: MailFolderStateTable;
}

// Issue 18, migration 012-list-shapes: learned list shapes (modules/list-indexes/list-shape-stats.ts).
export interface ListShapeStatsTable {
  org_id: number;
  doc_type: string;
  shape: string;
  requests: Generated<number>;
  total_ms: Generated<number>;
  last_seen: string;
  h1: Generated<number>;
  h2: Generated<number>;
  h5: Generated<number>;
  h10: Generated<number>;
  h20: Generated<number>;
  h50: Generated<number>;
  h100: Generated<number>;
  h200: Generated<number>;
  h500: Generated<number>;
  h1000: Generated<number>;
  h2000: Generated<number>;
  hmax: Generated<number>;
}

export interface Tables {
  list_shape_stats: ListShapeStatsTable;
}

// Issue 18, migration 029-list-index-claims: which organisation added which list index (modules/list-indexes/index-claims.ts).
export interface ListIndexClaimsTable {
  org_id: number;
  doc_type: string;
  name: string;
  shape: string;
  added_at: string;
}

export interface Tables {
  list_index_claims: ListIndexClaimsTable;
}

// Issue 15 item 8 (external approvers), migration 017-external-approval.

/** An e-mailed approval link for a named external person; only the token's hash is kept. */
export interface ExternalApprovalLinksTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  stage: number;
  step: number;
  email: string;
  token_hash: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

export interface Tables {
  external_approval_links: ExternalApprovalLinksTable;
}

// Issue 17 items 1, 6, 7 (subscriptions, server tasks, translation), migration 021-org-platform.

/** An e-mailed account set-up link (self sign-up, a new organisation's administrator); only the token's hash is kept. */
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

/** One automatic translation, per organisation, text (SHA-256) and target language. */
export interface TranslationsTable {
  org_id: number;
  text_hash: string;
  target_lang: string;
  translated_text: string;
  created_date: string;
}

export interface Tables {
  signup_requests: SignupRequestsTable;
  translations: TranslationsTable;
}

// Issue 13 item 6 (reporting at scale), migration 018-report-month-facts.

/** A document type some report aggregates, and the field its documents are dated by. */
export interface ReportFactSourcesTable {
  org_id: number;
  doc_type: string;
  /** A promoted date column (`created_date`…), or null when the date is in `data`. */
  date_column: string | null;
  /** The JSON path of the date in `data` (SQLite `$.a.b`, PostgreSQL `{a,b}`). */
  date_path: string | null;
}

/** Bumped by triggers on every write of a registered type's document, per UTC month of its date. */
export interface DocumentMonthStampsTable {
  org_id: number;
  doc_type: string;
  month_key: string;
  stamp: number;
}

/** One aggregate's value per location for one month of the organisation, and the stamps it was computed at. */
export interface ReportMonthFactsTable {
  org_id: number;
  doc_type: string;
  fact_key: string;
  month: number;
  stamp: number;
  facts: string;
  computed_date: string;
}

export interface Tables {
  report_fact_sources: ReportFactSourcesTable;
  document_month_stamps: DocumentMonthStampsTable;
  report_month_facts: ReportMonthFactsTable;
}

// Directory sync from a federated directory, migration 022-directory-sync.

export interface DirectorySettingsTable {
  /** The SCIM bearer token, sealed as an organisation secret (platform/crypto/org-secrets.ts); never answered. */
  scim_token: Generated<string | null>;
}

export interface MembershipsTable {
  /** The member's id at this organisation's directory, once the directory sync created or matched them. */
  directory_id: Generated<string | null>;
}

// The storage limit's last measure per organisation, migration 024-storage-measures
// (platform/files/storage-usage.ts).

export interface StorageMeasuresTable {
  org_id: number;
  /** Every category's bytes together, as `storageBytesOf` summed them. */
  bytes: number | string;
  measured_at: string;
}

export interface Tables {
  storage_measures: StorageMeasuresTable;
}

// Who each document is assigned to (`data.actionee_ids`), kept by triggers, migration
// 026-document-assignees (the todo's "Assigned to me", modules/todo).

export interface DocumentAssigneesTable {
  doc_id: number;
  org_id: number;
  /** An identity's uuid. */
  person: string;
  /** The document's `closed`, copied so a person's open assignments are one index range. */
  closed: number;
}

export interface Tables {
  document_assignees: DocumentAssigneesTable;
}

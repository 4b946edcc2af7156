/**
 * The server's own work and what it records: the durable job queue, notification deliveries,
 * outgoing mail, the operational log administrators read, and cached automatic translations.
 */
import type { Generated } from 'kysely';

/** The durable job queue (notifications, schedules); delivered at least once (migration 004). */
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

/**
 * Outgoing mail: kept here while no SMTP server is configured, and a record of what was sent
 * (migration 002).
 */
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

/** One automatic translation, per organisation, text (SHA-256) and target language (migration 021). */
export interface TranslationsTable {
  org_id: number;
  text_hash: string;
  target_lang: string;
  translated_text: string;
  created_date: string;
}

export interface OperationsTables {
  jobs: JobsTable;
  notification_deliveries: NotificationDeliveriesTable;
  outbox: OutboxTable;
  logs: LogsTable;
  translations: TranslationsTable;
}

/**
 * Operational log entries (docs/product/administration.md#logs: 1 info, 2 warning, 3 severe). Callers pass
 * human-readable text only; passwords, tokens and codes are never handed to this function.
 */
import type { Database } from '../db/database.ts';
import { nowIso } from '../db/json.ts';

export type LogType = 1 | 2 | 3;

export interface LogEntry {
  orgId: number | null;
  type: LogType;
  subject: string;
  summary: string;
  descrip?: string;
  /** The identity the line is about: sign-in lines (no organisation) show to the admins of its organisations. */
  identityUuid?: string | null;
}

export async function writeLog(database: Database, entry: LogEntry): Promise<void> {
  await database.db
    .insertInto('logs')
    .values({
      org_id: entry.orgId,
      type: entry.type,
      created_date: nowIso(),
      subject: entry.subject,
      summary: entry.summary,
      descrip: entry.descrip ?? '',
      identity_uuid: entry.identityUuid ?? null,
    })
    .execute();
}

/**
 * The one way administration and deletions reach the logs (docs/product/administration.md#logs):
 * grants, schemas, settings, identities, document and event deletions. Each line says who did
 * what (`{name} {action}`), with the details in `descrip`. Values that are secrets never reach it.
 */
import type { Database } from '../db/database.ts';
import type { Principal } from '../access/principal.ts';
import { writeLog } from './logs.ts';

export interface AdministrationEntry {
  /** What happened, as a heading: 'Access control entry created', 'Event deleted'. */
  subject: string;
  /** The action in words, after the actor's name: 'created access control entry 12'. */
  action: string;
  descrip?: string;
  /** The identity the line is about, when there is one. */
  identityUuid?: string;
}

export async function logAdministration(database: Database, principal: Principal, entry: AdministrationEntry): Promise<void> {
  await writeLog(database, {
    orgId: principal.org.id,
    type: 1,
    subject: entry.subject,
    summary: `${principal.displayName} ${entry.action}`,
    ...(entry.descrip === undefined ? {} : { descrip: entry.descrip }),
    ...(entry.identityUuid === undefined ? {} : { identityUuid: entry.identityUuid }),
  });
}

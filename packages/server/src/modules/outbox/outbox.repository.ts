/**
 * SQL for the outbox an organisation's administrators read: its own messages, plus sign-in mail
 * (no organisation) to identities that belong to it alone.
 */
import type { FieldCatalog } from '@docket/shared';
import { exclusiveMembersQuery } from '../identities/identities.repository.ts';
import type { Database } from '../../platform/db/database.ts';
import type { ListSpec } from '../../platform/lists/table-list.ts';

export const outboxCatalog: FieldCatalog = {
  id: { type: 'integer', column: 'id' },
  mail_to: { type: 'string', column: 'mail_to' },
  subject: { type: 'string', column: 'subject' },
  status: { type: 'string', column: 'status' },
  created_date: { type: 'datetime', column: 'created_date' },
  mail_sent: { type: 'datetime', column: 'mail_sent' },
};

export const outboxListSpec: ListSpec = {
  catalog: outboxCatalog,
  sortable: ['id', 'created_date', 'mail_to', 'subject', 'status'],
  defaultOrder: [{ field: 'created_date', direction: 'desc' }],
  tieBreaker: 'id',
};

export interface OutboxRow {
  id: number;
  mail_to: string;
  subject: string;
  content: string | null;
  status: 'outbox' | 'sent' | 'failed';
  created_date: string;
  mail_sent: string | null;
}

export function outboxSource(database: Database, orgId: number) {
  return database.db
    .selectFrom('outbox as o')
    .select(['o.id', 'o.to_address as mail_to', 'o.subject', 'o.body as content', 'o.status', 'o.created_date', 'o.sent_date as mail_sent'])
    .where((eb) =>
      eb.or([
        eb('o.org_id', '=', orgId),
        eb.and([
          eb('o.org_id', 'is', null),
          // Sign-in mail (one-time codes) of a shared identity is no single organisation's to read.
          eb('o.recipient_uuid', 'in', exclusiveMembersQuery(database, orgId)),
        ]),
      ]),
    );
}

/**
 * A section of the administration area (docs/product/administration.md#administration-area, issue 3 item 7). Most
 * are list views of a type, served by the generic list engine: the issue-3 tables (identities,
 * access control entries, logs, outbox) are described here as client-side types over their own
 * endpoints; reference data and keyword lists are ordinary document types. Each
 * `admin-types/*.type.ts` exports one `section`; adding a section is adding a file.
 */
import type { ReactElement } from 'react';
import type { DocumentSchema } from '@docket/shared';
import type { RecordApi } from '../../api/record-api.ts';
import type { RecordRow } from '../../api/records-api.ts';

export interface AdminSection {
  id: string;
  titleKey: 'admin.users' | 'admin.acl' | 'admin.logs' | 'admin.outbox';
  hintKey: 'admin.usersHint' | 'admin.aclHint' | 'admin.logsHint' | 'admin.outboxHint';
  icon: ReactElement;
  order: number;
  type: DocumentSchema;
  api: (appId: string) => RecordApi;
  /** Rows open their form here (`/admin/{id}/{key}`); without it a row opens its card. */
  hasForm: boolean;
  /** The record as the form edits it (e.g. members as uuids), and back for the server. */
  toForm?: (row: RecordRow) => Record<string, unknown>;
  fromForm?: (data: Record<string, unknown>) => Record<string, unknown>;
}

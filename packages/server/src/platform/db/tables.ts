/**
 * Row types of every table, as Kysely sees them: every column a migration creates is named in one
 * of the files of `tables/` (one per concept), so no query has to cast its way to one. Dates are
 * ISO-8601 UTC text on both databases so that comparisons, filters and the in-memory filter
 * evaluator agree; JSON columns hold text on SQLite and jsonb on PostgreSQL (written as JSON
 * strings, read back through `parseJson`). Flags are integers 0/1 (SQLite has no boolean).
 * `Generated` columns are filled by the database on insert.
 *
 * Two columns are deliberately absent: PostgreSQL's generated `documents.search_vector` (migration
 * 003), which only the search module's raw SQL reads; SQLite keeps the same words in the
 * `documents_fts` virtual table instead. And PostgreSQL's `documents.order_value` (migration 032),
 * which a trigger fills and only the list's ORDER BY and the order-key job read
 * (platform/records/order-keys.ts).
 *
 * Queries import `Tables` and the row types from here, not from `tables/`.
 */
import type { Selectable } from 'kysely';
import type { AccessTables, AclEntriesTable } from './tables/access-tables.ts';
import type { DocumentTables, DocumentsTable } from './tables/document-tables.ts';
import type { ListIndexTables } from './tables/list-index-tables.ts';
import type { MailTables } from './tables/mail-tables.ts';
import type { OperationsTables } from './tables/operations-tables.ts';
import type { IdentitiesTable, OrganisationsTable, OrganisationTables } from './tables/organisation-tables.ts';
import type { ReportingTables } from './tables/reporting-tables.ts';
import type { SignInTables } from './tables/sign-in-tables.ts';
import type { TimelineTables } from './tables/timeline-tables.ts';

export type * from './tables/access-tables.ts';
export type * from './tables/document-tables.ts';
export type * from './tables/list-index-tables.ts';
export type * from './tables/mail-tables.ts';
export type * from './tables/operations-tables.ts';
export type * from './tables/organisation-tables.ts';
export type * from './tables/reporting-tables.ts';
export type * from './tables/sign-in-tables.ts';
export type * from './tables/timeline-tables.ts';

/** Every table by its name. */
export interface Tables
  extends
    OrganisationTables,
    AccessTables,
    SignInTables,
    DocumentTables,
    TimelineTables,
    OperationsTables,
    MailTables,
    ReportingTables,
    ListIndexTables {}

export type DocumentRow = Selectable<DocumentsTable>;
export type IdentityRow = Selectable<IdentitiesTable>;
export type OrganisationRow = Selectable<OrganisationsTable>;
export type AclEntryRow = Selectable<AclEntriesTable>;

/**
 * One ordered list of migrations for both databases, run at start. Each migration receives the
 * dialect so the few type differences (auto ids, JSON) stay in `column-types.ts`.
 */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import { foundationMigration } from './migrations/001-foundation.ts';
import { accessMigration } from './migrations/002-access.ts';
import { documentsMigration } from './migrations/003-documents.ts';
import { workflowMigration } from './migrations/004-workflow.ts';
import { invitationsMigration } from './migrations/005-invitations.ts';
import { documentVersionsMigration } from './migrations/006-document-versions.ts';
import { eventHistoryMigration } from './migrations/007-event-history.ts';
import { listShapesMigration } from './migrations/012-list-shapes.ts';
import { mailMigration } from './migrations/015-mail.ts';
import { externalApprovalMigration } from './migrations/017-external-approval.ts';
import { orgPlatformMigration } from './migrations/021-org-platform.ts';
import { storageSizesMigration } from './migrations/020-storage-sizes.ts';
import { reportMonthFactsMigration } from './migrations/018-report-month-facts.ts';
import { directorySyncMigration } from './migrations/022-directory-sync.ts';
import { awaitedJobsMigration } from './migrations/023-awaited-jobs.ts';
import { storageMeasuresMigration } from './migrations/024-storage-measures.ts';
import { openByUpdateMigration } from './migrations/025-open-by-update.ts';
import { documentAssigneesMigration } from './migrations/026-document-assignees.ts';
import { ownOpenDueMigration } from './migrations/027-own-open-due.ts';
import { openByStatusMigration } from './migrations/028-open-by-status.ts';
import { listIndexClaimsMigration } from './migrations/029-list-index-claims.ts';
import { deferredSearchIndexMigration } from './migrations/030-deferred-search-index.ts';
import { datesInByteOrderMigration } from './migrations/031-dates-in-byte-order.ts';
import { storedOrderValuesMigration } from './migrations/032-stored-order-values.ts';
import { federatedLinksMigration } from './migrations/033-federated-links.ts';
import { memberPreferencesMigration } from './migrations/034-member-preferences.ts';

export type DialectMigration = (database: Database) => Migration;

/** Append new migrations here; never edit one that has shipped. */
const migrations: Record<string, DialectMigration> = {
  '001-foundation': foundationMigration,
  '002-access': accessMigration,
  '003-documents': documentsMigration,
  '004-workflow': workflowMigration,
  '005-invitations': invitationsMigration,
  '006-document-versions': documentVersionsMigration,
  '007-event-history': eventHistoryMigration,
  '012-list-shapes': listShapesMigration,
  '015-mail': mailMigration,
  '017-external-approval': externalApprovalMigration,
  '018-report-month-facts': reportMonthFactsMigration,
  '020-storage-sizes': storageSizesMigration,
  '021-org-platform': orgPlatformMigration,
  '022-directory-sync': directorySyncMigration,
  '023-awaited-jobs': awaitedJobsMigration,
  '024-storage-measures': storageMeasuresMigration,
  '025-open-by-update': openByUpdateMigration,
  '026-document-assignees': documentAssigneesMigration,
  '027-own-open-due': ownOpenDueMigration,
  '028-open-by-status': openByStatusMigration,
  '029-list-index-claims': listIndexClaimsMigration,
  '030-deferred-search-index': deferredSearchIndexMigration,
  '031-dates-in-byte-order': datesInByteOrderMigration,
  '032-stored-order-values': storedOrderValuesMigration,
  '033-federated-links': federatedLinksMigration,
  '034-member-preferences': memberPreferencesMigration,
};

export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(database)]));
    },
  };
  const migrator = new Migrator({ db: database.db, provider, ...(database.pgSchema ? { migrationTableSchema: database.pgSchema } : {}) });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) return;
    if (!failed && attempt < LOOK_AGAIN_ATTEMPTS && isCatalogChangedUnderTheLook(error, database.pgSchema)) {
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      continue;
    }
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Kysely's migrator looks for its own tables among the tables of every schema of the database
 * (one catalog query that asks, per schema, whether it may be used). When another deployment's
 * schema — or another test file's, in a parallel test run — is dropped during that query,
 * PostgreSQL fails it naming that schema (`3F000`); the migrations never began, and nothing of ours
 * is wrong: the look is simply taken again.
 */
const LOOK_AGAIN_ATTEMPTS = 5;
const PG_INVALID_SCHEMA_NAME = '3F000';
const PG_UNDEFINED_TABLE = '42P01';
const PG_UNDEFINED_COLUMN = '42703';

/**
 * Whether the migrator's look failed because another schema's tables changed during it, and may
 * be taken again. The same catalog query asks, for every column of every schema, whether a
 * sequence feeds it (`pg_get_serial_sequence('schema.table', column)`), which fails when that
 * table or column is gone by the time of the call (`relation "t_….list_shape_stats" does not
 * exist`, `column "expires_date" of relation "refresh_tokens" does not exist`): another schema
 * dropped or migrated between the query's reading of the catalog and the call, as when one test
 * file drops its schema while another starts (bench/README.md, fiftieth session). Only asked when
 * no migration of this call had begun, so none of its statements made the change.
 */
export function isCatalogChangedUnderTheLook(error: unknown, ownSchema: string | undefined): boolean {
  if (isAnotherSchemaGone(error, ownSchema)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return false;
  if (code === PG_UNDEFINED_COLUMN) return /^column ".+" of relation ".+" does not exist$/.test(message);
  if (code !== PG_UNDEFINED_TABLE) return false;
  // Schema-qualified, as the look names a table: another schema's, not one of our own statements'.
  const schema = /^relation "([^".]+)\.[^"]+" does not exist$/.exec(message)?.[1];
  return schema !== undefined && schema !== (ownSchema ?? 'public');
}

export function isAnotherSchemaGone(error: unknown, ownSchema: string | undefined): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code !== PG_INVALID_SCHEMA_NAME || typeof message !== 'string') return false;
  const named = /^schema "(.+)" does not exist$/.exec(message)?.[1];
  return named !== undefined && named !== (ownSchema ?? 'public');
}

/**
 * Writes a refresh's figures on report data items and a period refresh's progress on the report,
 * through the documents repository's data merge (computed fields only: what people entered
 * meanwhile stays). These are the server's own computations, so they use named system scopes.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { patchDocumentData, patchDocumentsData } from '../../platform/records/documents.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { catalogFor } from '../documents/list-params.ts';
import type { DocumentSchema } from '@docket/shared';
import type { ItemFigures } from './compute-items.ts';

export function systemUpdateScope(orgId: number, type: DocumentSchema, reason: string) {
  return { docType: type.type, scope: AccessScope.system(orgId, 'update', reason), catalog: catalogFor(null, type) };
}

/** Items per UPDATE statement: each patch holds five lists of every metric (a few kilobytes). */
const ITEMS_PER_STATEMENT = 50;

/** Writes figures of several items in one transaction, a multi-row statement per 50 items. */
export async function writeFigures(
  ctx: AppContext,
  orgId: number,
  rdType: DocumentSchema,
  figures: ReadonlyArray<readonly [number, ItemFigures]>,
  also?: (trx: Transaction<Tables>) => Promise<void>,
): Promise<void> {
  const part = systemUpdateScope(orgId, rdType, 'report refresh figures');
  await writeQueueFor(ctx.database).run(async (trx) => {
    for (let start = 0; start < figures.length; start += ITEMS_PER_STATEMENT) {
      const patches = figures.slice(start, start + ITEMS_PER_STATEMENT).map(([id, itemFigures]) => [id, { ...itemFigures }] as const);
      await patchDocumentsData(ctx.database, trx, part, patches);
    }
    await also?.(trx);
  });
}

export interface RefreshProgress {
  refreshing: boolean;
  percentComplete: number;
}

/** Sets a report's `refreshing` and `percentComplete` (only while it holds `expectedVersion`, when given). */
export async function writeProgress(
  ctx: AppContext,
  trx: Transaction<Tables>,
  orgId: number,
  reportType: DocumentSchema,
  reportId: number,
  progress: RefreshProgress,
  expectedVersion?: number,
): Promise<boolean> {
  const part = systemUpdateScope(orgId, reportType, 'report refresh progress');
  return patchDocumentData(ctx.database, trx, part, reportId, { ...progress }, expectedVersion);
}

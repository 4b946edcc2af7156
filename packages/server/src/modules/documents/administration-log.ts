/**
 * Which document writes the logs record (docs/product/administration.md#logs): every change to a
 * type only administrators may change — document schemas, keyword lists, checklists, currencies,
 * notification rules, subscriptions — and every deletion of a document, whatever its type.
 */
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';

type WriteAction = 'create' | 'update' | 'delete';

const VERBS: Record<WriteAction, string> = { create: 'created', update: 'saved', delete: 'deleted' };

export function isAdministrationType(type: DocumentSchema): boolean {
  return [type.requiredRoles, type.requiredRolesForCreate, type.requiredRolesForEdit].some((roles) => roles?.includes('administrator'));
}

export async function logDocumentWrite(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  write: { action: WriteAction; id: number; displayId: string; values: Record<string, unknown> },
): Promise<void> {
  if (write.action !== 'delete' && !isAdministrationType(type)) return;
  const verb = VERBS[write.action];
  const isSchema = type.type === '$$schema';
  const named = isSchema && typeof write.values.type === 'string' ? ` (type ${write.values.type})` : '';
  await logAdministration(ctx.database, principal, {
    subject: `${isSchema ? 'Document schema' : 'Document'} ${verb}`,
    action: `${verb} ${type.type} ${write.displayId || write.id}${named}`,
  });
}

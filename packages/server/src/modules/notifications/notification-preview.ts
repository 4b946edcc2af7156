/**
 * The preview of a notification rule's mail (docs/product/mail.md#notifications), shown beside its
 * form while an administrator edits it: the subject and text the rule would send, rendered with
 * the same logic-less template as the real mail, against the newest document of the rule's type
 * the administrator may read (or a sample when there is none). Only those who may create rules
 * may ask; nothing is stored or sent.
 */
import { type DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize } from '../../platform/access/authorize.ts';
import { badRequest } from '../../http/http-error.ts';
import { listDocuments } from '../../platform/records/document-pages.ts';
import { flatValues } from '../../platform/records/document-shape.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { readScope, scopeOrThrow } from '../documents/read-scope.ts';
import { renderTemplate } from './notification-template.ts';
import { DEFAULT_MESSAGE } from './notifications.service.ts';

export interface RuleDraft {
  title: string;
  message?: string;
  target_type?: string;
}

export interface MailPreview {
  subject: string;
  text: string;
  /** The document the preview was rendered with; null for the sample values. */
  sample: { id: number; display_id: string } | null;
}

/** The type an `any` rule is previewed with: the one most rules watch. */
const ANY_TYPE_SAMPLE = 'incident';
export const SAMPLE_VALUES = { display_id: 'INC-0001', summary: 'Sample document', status: 'Pending Completion' } as const;

async function newestReadable(ctx: AppContext, principal: Principal, type: DocumentSchema) {
  // A type the administrator cannot read is previewed with the sample values.
  if (!authorize(principal, type, 'read').allowed) return undefined;
  const part = readScope(principal, type);
  const { rows } = await listDocuments(ctx.database, {
    ...part,
    filter: null,
    order: [{ field: 'id', direction: 'desc' }],
    start: 0,
    count: 1,
    userId: principal.uuid,
    withTotal: false,
  });
  return rows[0];
}

export async function previewNotification(ctx: AppContext, principal: Principal, draft: RuleDraft): Promise<MailPreview> {
  const registry = typeRegistryFor(ctx.database);
  const ruleType = await registry.get(principal.org.id, 'notification');
  if (!ruleType) throw badRequest('No form schema found for notification');
  scopeOrThrow(principal, ruleType, 'create');
  const targetName = !draft.target_type || draft.target_type === 'any' ? ANY_TYPE_SAMPLE : draft.target_type;
  const target = await registry.get(principal.org.id, targetName);
  const row = target ? await newestReadable(ctx, principal, target) : undefined;
  const values: Record<string, unknown> = row ? { ...flatValues(row), status: row.status } : { ...SAMPLE_VALUES };
  return {
    subject: renderTemplate(`[{{display_id}}] ${draft.title}`, values),
    text: renderTemplate(draft.message?.trim() ? draft.message : DEFAULT_MESSAGE, values),
    sample: row ? { id: Number(row.id), display_id: row.display_id } : null,
  };
}

/**
 * Inspections from checklist templates (docs/product/documents-and-schemas.md#inspections). A new
 * inspection names its template (`template_id`, a checklist the author may read and that is
 * enabled); the server copies the template's revision into it — `template` and the items' words
 * — whatever the body says, so the words come from the template and not from the client. Every
 * later save keeps that copy: a new revision of the template never changes an inspection already
 * started. The answers (rating, N/A, notes, photos, actions) come from the body, by item key, and
 * the score is computed from them on every save (`score`, and `score_percent` for lists).
 */
import { answeredItems, inspectionScore, snapshotOfTemplate, type InspectionItem, type InspectionTemplateSnapshot } from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { parsedData } from '../../platform/records/document-shape.ts';
import { readableDocumentOrThrow } from '../documents/readable-document.ts';
import type { HookContext, TypeWriteHooks } from '../documents/type-hooks.ts';

export const TEMPLATE_NOT_FOUND = 'The checklist cannot be found.';
export const TEMPLATE_DISABLED = 'This checklist is disabled: choose another one.';

const refusal = (message: string) => new HttpError('bad_request', message, { details: [{ path: 'template_id', message }] });

/** The template's revision as the new inspection copies it; the refusals are 400s on `template_id`. */
async function snapshotOrThrow(hook: HookContext, templateId: number) {
  const found = await readableDocumentOrThrow(hook.ctx, hook.principal, templateId).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) throw refusal(TEMPLATE_NOT_FOUND);
    throw error;
  });
  if (found.type.type !== 'survey') throw refusal(TEMPLATE_NOT_FOUND);
  const data = parsedData(found.row);
  if (data.enabled === false) throw refusal(TEMPLATE_DISABLED);
  return snapshotOfTemplate({ id: found.row.id, display_id: found.row.display_id, data });
}

export const inspectionHooks: Pick<TypeWriteHooks, 'prepareBody'> = {
  async prepareBody(hook, body, existing) {
    let templateId: unknown;
    let template: InspectionTemplateSnapshot;
    let words: InspectionItem[];
    if (existing) {
      templateId = existing.values.template_id;
      template = existing.values.template as InspectionTemplateSnapshot;
      words = (existing.values.items as InspectionItem[] | undefined) ?? [];
    } else {
      templateId = body.template_id;
      // Without a template the type's own validation says 'Please choose a checklist'.
      if (typeof templateId !== 'number' || !Number.isSafeInteger(templateId) || templateId < 1) return body;
      ({ template, items: words } = await snapshotOrThrow(hook, templateId));
    }
    const items = answeredItems(words, body.items);
    const score = inspectionScore(items);
    return { ...body, template_id: templateId, template, title: template?.title, items, score, score_percent: score.percent };
  },
};

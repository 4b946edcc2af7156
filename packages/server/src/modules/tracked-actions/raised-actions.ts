/**
 * Tracked actions (docs/product/workflow-and-timeline.md#tracked-actions): an item of a list — a
 * safety visit's observation, an inspection's checklist item — that carries the text of an action
 * to take (`action_descrip`, with `action_due_date` and `action_actionee_ids`) and no `action_id`
 * yet raises a real child `action` document when its document is saved, even by the save that
 * creates the document. Each draft is checked as an action before the parent's transaction (its
 * fields, and the author's right to create actions at the parent's site), so a refusal stores
 * nothing; the actions are created inside that transaction and the item gets their `action_id`,
 * so the next save does not raise them again. An action without owners is the author's; without
 * a due date it gets the action's default due date.
 */
import type { DocumentSchema } from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { childActionIds } from '../../platform/records/documents.repository.ts';
import { afterCreateCommitted, insertPrepared, prepareCreate, type PreparedCreate } from '../documents/document-writes.service.ts';
import type { ChildDocumentPlan, ExistingDocument, HookContext, TypeWriteHooks } from '../documents/type-hooks.ts';

export const ACTIONS_UNAVAILABLE = 'Actions are not available in this organisation.';
/** The longest action title (the action type's `summary`). */
const MAX_TITLE = 200;

interface Draft {
  index: number;
  body: Record<string, unknown>;
}

/** The action fields of a draft, as the item names them (for the problems of a refused draft). */
const DRAFT_FIELD_OF: Record<string, string> = {
  summary: 'action_descrip',
  due_date: 'action_due_date',
  actionee_ids: 'action_actionee_ids',
};

function draftsOf(list: unknown, location: { site_id: number | null; region_id: number | null }, author: string): Draft[] {
  if (!Array.isArray(list)) return [];
  const drafts: Draft[] = [];
  list.forEach((item: Record<string, unknown> | null, index) => {
    if (!item || typeof item !== 'object') return;
    const text = typeof item.action_descrip === 'string' ? item.action_descrip.trim() : '';
    if (text === '' || typeof item.action_id === 'number') return;
    const owners = Array.isArray(item.action_actionee_ids) && item.action_actionee_ids.length > 0 ? item.action_actionee_ids : [author];
    const body: Record<string, unknown> = { summary: text.slice(0, MAX_TITLE), descrip: text, actionee_ids: owners };
    if (typeof item.action_due_date === 'string' && item.action_due_date !== '') body.due_date = item.action_due_date;
    if (location.site_id !== null) body.site_id = location.site_id;
    if (location.region_id !== null) body.region_id = location.region_id;
    drafts.push({ index, body });
  });
  return drafts;
}

/** A refused draft's problems, named at the item (`items.3.action_due_date`, `items.3.action_actionee_ids.0`). */
function atItem(error: unknown, listField: string, index: number): unknown {
  if (!(error instanceof HttpError) || error.status !== 400) return error;
  const details = (error.details ?? []).map((detail) => {
    const [field = '', ...rest] = detail.path.split(/[./]/);
    return { ...detail, path: [listField, index, DRAFT_FIELD_OF[field] ?? field, ...rest].join('.') };
  });
  return new HttpError(error.code, error.message, { details });
}

async function actionTypeOrThrow(hook: HookContext): Promise<DocumentSchema> {
  const type = await typeRegistryFor(hook.ctx.database).get(hook.principal.org.id, 'action');
  if (!type) throw new HttpError('bad_request', ACTIONS_UNAVAILABLE);
  return type;
}

export const ACTION_NOT_RAISED = 'action_id must name an action raised from this document.';

function linkedActions(list: unknown): { index: number; id: unknown }[] {
  return (Array.isArray(list) ? (list as (Record<string, unknown> | null)[]) : []).flatMap((item, index) =>
    item && typeof item === 'object' && item.action_id !== undefined && item.action_id !== null ? [{ index, id: item.action_id }] : [],
  );
}

/**
 * An item's `action_id` is the server's, set when its action was raised: one naming anything else
 * (another document, an id that does not exist) would meet "every unsafe act needs an action"
 * with no action raised. Kept only when it names an action whose parent is this document.
 */
async function unraisedActionProblems(
  hook: HookContext,
  values: Record<string, unknown>,
  listField: string,
  existing: ExistingDocument | null,
) {
  const linked = linkedActions(values[listField]);
  if (linked.length === 0) return [];
  // What the document held already stays (its action may since have been deleted or moved).
  const raised = new Set(linkedActions(existing?.values[listField]).map(({ id }) => id));
  if (existing) for (const id of await childActionIds(hook.ctx.database, hook.principal.org.id, existing.id)) raised.add(id);
  return linked
    .filter(({ id }) => typeof id !== 'number' || !raised.has(id))
    .map(({ index }) => ({ path: `${listField}.${index}.action_id`, message: ACTION_NOT_RAISED, keyword: 'x-lookup' }));
}

/** The hooks of a type whose `listField` items may raise actions. */
export function raisedActionsHooks(listField: string): Pick<TypeWriteHooks, 'planChildren' | 'validate'> {
  return {
    validate: (hook, values, existing) => unraisedActionProblems(hook, values, listField, existing),
    async planChildren(hook, values, location): Promise<ChildDocumentPlan | null> {
      const drafts = draftsOf(values[listField], location, hook.principal.uuid);
      if (drafts.length === 0) return null;
      const actionType = await actionTypeOrThrow(hook);
      const now = new Date();
      const prepared: { index: number; action: PreparedCreate }[] = [];
      for (const draft of drafts) {
        try {
          prepared.push({ index: draft.index, action: await prepareCreate(hook.ctx, hook.principal, actionType, draft.body, now, true) });
        } catch (error) {
          throw atItem(error, listField, draft.index);
        }
      }
      const created: { action: PreparedCreate; id: number }[] = [];
      return {
        async create(trx, parentId, data) {
          const items = [...((data[listField] as Record<string, unknown>[] | undefined) ?? [])];
          for (const { index, action } of prepared) {
            action.row.parent_id = parentId;
            action.values.parent_id = parentId;
            const id = await insertPrepared(trx, action, now);
            items[index] = { ...items[index], action_id: id };
            created.push({ action, id });
          }
          return { ...data, [listField]: items };
        },
        async afterCommit() {
          for (const { action, id } of created) await afterCreateCommitted(action, id);
        },
      };
    },
  };
}

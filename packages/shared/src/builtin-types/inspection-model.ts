/**
 * Inspections from checklist templates (docs/product/documents-and-schemas.md#inspections): the
 * pure rules both the server and the web form use.
 *
 * - Starting an inspection copies the template's revision into the inspection (`template` and one
 *   answerable item per visible template item or sub-item), so a later revision of the template
 *   never changes an inspection already done.
 * - Each item is answered Poor (1), Sufficient (3) or Good (5), or marked not applicable (N/A).
 * - The score is achieved / maximum over the applicable items: an N/A item counts in neither; an
 *   applicable item not answered yet counts in the maximum (5 each) and adds nothing achieved, so
 *   the score rises as the inspector answers.
 */

/** The best rating: an applicable item's share of the maximum. */
export const BEST_RATING = 5;
/** A Poor answer, from which an action may be raised. */
export const POOR_RATING = 1;
const RATINGS = new Set([1, 3, 5]);

/** What the inspection keeps of the template it was started from. */
export interface InspectionTemplateSnapshot {
  id: number;
  display_id: string;
  title: string;
  type?: string;
  category?: string;
  revision: number;
}

/** One answerable item: the template's words (snapshot) and the inspector's answer. */
export interface InspectionItem {
  /** Stable within the inspection: `3` for the template's fourth item, `3.1` for its second sub-item. */
  key: string;
  category: string;
  title: string;
  questions?: string[];
  guidance?: string;
  /** 1 Poor, 3 Sufficient, 5 Good. */
  value?: number;
  /** Not applicable: counts in neither achieved nor maximum. */
  na?: boolean;
  notes?: string;
  /** Names of the inspection's attachments showing this item. */
  photos?: string[];
  action_descrip?: string;
  action_due_date?: string;
  action_actionee_ids?: string[];
  action_id?: number;
}

export interface InspectionScore {
  achieved: number;
  maximum: number;
  /** Applicable items with an answer. */
  answered: number;
  /** Items not marked N/A. */
  applicable: number;
  /** achieved / maximum as a whole percentage; null while nothing is applicable. */
  percent: number | null;
}

/** The words of an item that come from the template and never from an answer. */
const SNAPSHOT_FIELDS = ['key', 'category', 'title', 'questions', 'guidance'] as const;
/** What the inspector may write on an item. */
const ANSWER_FIELDS = ['value', 'na', 'notes', 'photos', 'action_descrip', 'action_due_date', 'action_actionee_ids', 'action_id'] as const;

function isApplicable(item: InspectionItem): boolean {
  return item.na !== true;
}

export function inspectionScore(items: readonly InspectionItem[]): InspectionScore {
  let achieved = 0;
  let answered = 0;
  let applicable = 0;
  for (const item of items) {
    if (!isApplicable(item)) continue;
    applicable += 1;
    if (typeof item.value === 'number' && RATINGS.has(item.value)) {
      achieved += item.value;
      answered += 1;
    }
  }
  const maximum = applicable * BEST_RATING;
  return { achieved, maximum, answered, applicable, percent: maximum === 0 ? null : Math.round((achieved / maximum) * 100) };
}

interface TemplateEntry {
  category?: unknown;
  title?: unknown;
  items?: unknown;
  descrip?: unknown;
  hidden?: unknown;
  children?: unknown;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function questionsOf(entry: TemplateEntry): string[] | undefined {
  if (!Array.isArray(entry.items)) return undefined;
  const texts = entry.items.map((q) => textOf((q as { title?: unknown } | null)?.title)).filter((t): t is string => t !== undefined);
  return texts.length > 0 ? texts : undefined;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The answerable items of a checklist's `items`: each visible item, then its sub-items. */
export function itemsFromTemplate(templateItems: unknown): InspectionItem[] {
  if (!Array.isArray(templateItems)) return [];
  const items: InspectionItem[] = [];
  templateItems.forEach((raw: TemplateEntry, index) => {
    if (!raw || typeof raw !== 'object' || raw.hidden === true) return;
    const category = textOf(raw.category) ?? '';
    items.push(
      withoutUndefined({
        key: String(index),
        category,
        title: textOf(raw.title) ?? category,
        questions: questionsOf(raw),
        guidance: textOf(raw.descrip),
      }),
    );
    if (!Array.isArray(raw.children)) return;
    raw.children.forEach((child: { title?: unknown } | null, childIndex) => {
      const title = textOf(child?.title);
      if (title) items.push({ key: `${index}.${childIndex}`, category, title });
    });
  });
  return items;
}

/** The snapshot of a checklist document (its id, display id and data) an inspection starts from. */
export function snapshotOfTemplate(template: { id: number; display_id: string; data: Record<string, unknown> }): {
  template: InspectionTemplateSnapshot;
  items: InspectionItem[];
} {
  const { data } = template;
  return {
    template: withoutUndefined({
      id: template.id,
      display_id: template.display_id,
      title: textOf(data.title) ?? template.display_id,
      type: textOf(data.type),
      category: textOf(data.category),
      revision: typeof data.revision === 'number' ? data.revision : 1,
    }),
    items: itemsFromTemplate(data.items),
  };
}

/**
 * The stored items after a write: the snapshot's words with the answers the body gives for the
 * same keys. Words a body sends for an item are ignored, and so are items the snapshot lacks.
 */
export function answeredItems(snapshot: readonly InspectionItem[], bodyItems: unknown): InspectionItem[] {
  const answers = new Map<string, Record<string, unknown>>();
  if (Array.isArray(bodyItems)) {
    for (const item of bodyItems) {
      if (item && typeof item === 'object' && typeof (item as { key?: unknown }).key === 'string') {
        answers.set((item as { key: string }).key, item as Record<string, unknown>);
      }
    }
  }
  return snapshot.map((item) => {
    const words = Object.fromEntries(SNAPSHOT_FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]]));
    const answer = answers.get(item.key) ?? {};
    const given = Object.fromEntries(ANSWER_FIELDS.filter((f) => answer[f] !== undefined && answer[f] !== null).map((f) => [f, answer[f]]));
    return { ...words, ...given } as unknown as InspectionItem;
  });
}

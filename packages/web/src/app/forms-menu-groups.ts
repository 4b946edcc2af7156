/**
 * The groups of the drawer's Forms entry (forms-menu.tsx): which types it lists, under which
 * headings, in which order. Pure, so its order is tested without a browser.
 */
import type { DocumentSchema } from '@docket/shared';
import { schemaTranslator } from '../forms/schema-i18n.ts';

/** Categories whose types are managed in the administration area, not listed under Forms. */
export const ADMIN_CATEGORIES = new Set(['Administration', 'Reference data']);
/** Types with their own menu entry. */
const OWN_ENTRIES = new Set(['post']);

export interface MenuGroup {
  /** The category as stored, and as the user reads it. */
  category: string;
  heading: string;
  entries: { type: DocumentSchema; title: string }[];
}

/**
 * The Forms entry's groups: each category once, headings and the types under them in the user's
 * alphabetical order of what they read. Ordered by what is shown, not by where a type came from:
 * an administrator's catalog lists the built-in types first and a member's comes in the server's
 * order, so the same menu read differently for two users (docs/product/forms-and-lists.md#layouts).
 */
export function formsByCategory(types: readonly DocumentSchema[], isListed: (type: DocumentSchema) => boolean, lang: string): MenuGroup[] {
  const groups = new Map<string, DocumentSchema[]>();
  for (const type of types) {
    if (
      !type.view ||
      type.type.startsWith('$$') ||
      OWN_ENTRIES.has(type.type) ||
      ADMIN_CATEGORIES.has(type.category ?? '') ||
      !isListed(type)
    )
      continue;
    const category = type.category ?? type.module ?? 'General';
    groups.set(category, [...(groups.get(category) ?? []), type]);
  }
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  const byText =
    <T>(text: (item: T) => string) =>
    (a: T, b: T) =>
      collator.compare(text(a), text(b)) || text(a).localeCompare(text(b));
  return [...groups.entries()]
    .map(([category, list]) => ({
      category,
      // The category name is translated by the types' own dictionaries (docs/product/administration.md#localisation).
      heading: schemaTranslator(list[0], lang)(category),
      entries: list
        .map((type) => ({ type, title: schemaTranslator(type, lang)(type.view?.title ?? type.type) }))
        .sort(byText((entry) => entry.title)),
    }))
    .sort(byText((group) => group.heading));
}

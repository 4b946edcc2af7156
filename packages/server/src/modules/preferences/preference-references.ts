/**
 * The records a preferences change names (docs/product/identities-and-sign-in.md#preferences):
 * the default site, the preferred currency, each starred metric's report and each starred
 * document (of the type its entry names; a starred type names none). They are checked by
 * the write path's reference check (`checkNamedDocumentsOrThrow`, lookup-references.ts): a record
 * of its type in the organisation in context that the caller may read, the rule a metric
 * document's own `report_id` goes through (docs/product/documents-and-schemas.md#references).
 * What is stored already is not checked again: a report deleted since, or a value stored before
 * these checks, does not stop another change from saving.
 */
import type { StarredItem, UserPreferences } from '@docket/shared';
import type { NamedReference } from '../documents/lookup-references.ts';

/** Preferences naming one document of the organisation, by the type it must be of; 0 is none. */
const PREFERRED_DOCUMENTS: Readonly<Record<string, string>> = { site_id: 'site', currency_id: 'currency' };

/** The report a starred metric entry names, if it names one. */
function reportIdOf(entry: unknown): number | undefined {
  const reportId: unknown = entry !== null && typeof entry === 'object' ? (entry as { report_id?: unknown }).report_id : undefined;
  return typeof reportId === 'number' ? reportId : undefined;
}

/** A starred entry's type and document (a starred type names none). */
const starKey = (entry: StarredItem) => `${entry.type}\u0000${entry.id ?? ''}`;

/** The ids `changes` names that `stored` (the caller's preferences in this organisation) does not already hold in the same key. */
export function newlyNamedInPreferences(changes: UserPreferences, stored: UserPreferences): NamedReference[] {
  const named: NamedReference[] = [];
  for (const [field, docType] of Object.entries(PREFERRED_DOCUMENTS)) {
    const id = changes[field];
    if (typeof id === 'number' && id !== 0 && id !== stored[field]) named.push({ path: field, field, docType, id });
  }
  if (Array.isArray(changes.metrics)) {
    const held = new Set((Array.isArray(stored.metrics) ? stored.metrics : []).map(reportIdOf));
    changes.metrics.forEach((entry, index) => {
      const id = reportIdOf(entry);
      if (id !== undefined && !held.has(id))
        named.push({ path: `metrics.${index}.report_id`, field: 'metrics.*.report_id', docType: 'report', id });
    });
  }
  if (Array.isArray(changes.starred)) {
    const held = new Set((Array.isArray(stored.starred) ? stored.starred : []).map(starKey));
    changes.starred.forEach((entry, index) => {
      if (typeof entry.id === 'number' && !held.has(starKey(entry)))
        named.push({ path: `starred.${index}.id`, field: 'starred.*.id', docType: entry.type, id: entry.id });
    });
  }
  return named;
}

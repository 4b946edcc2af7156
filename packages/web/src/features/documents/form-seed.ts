/**
 * What a new document starts from besides its defaults: `parent` from Add child / Add Action
 * (`docs/action/0?edit&parent=12&parentType=incident&summary=…`), and any text field of the form
 * named in the query. `parentType` lets the form read the parent, to name it by its display id
 * and title rather than its bare id (the server answers `meta.parent` only once the child is saved).
 */
import type { DocumentAnswer, DocumentSchema } from '@docket/shared';
import type { RecordRow } from '../../api/records-api.ts';
import { titleOf } from '../../lists/cards/card-parts.tsx';

/** The parent a create screen was opened for, when the query names both its id and its type. */
export function parentOfQuery(params: URLSearchParams): { id: number; type: string } | null {
  const id = Number(params.get('parent'));
  const type = params.get('parentType');
  return Number.isSafeInteger(id) && id > 0 && type && /^[\w-]+$/.test(type) ? { id, type } : null;
}

/** The parent as the server describes it on a saved child (`meta.parent`), from the parent read. */
export function parentMetaOf(type: string, parent: RecordRow): NonNullable<DocumentAnswer['meta']['parent']> {
  const displayId = typeof parent.display_id === 'string' ? parent.display_id : undefined;
  const title = titleOf(parent);
  return {
    doc_id: Number(parent.id),
    doc_type: type,
    ...(displayId ? { display_id: displayId } : {}),
    ...(title && title !== displayId ? { summary: title } : {}),
  };
}

export function seedFromQuery(type: DocumentSchema, params: URLSearchParams): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  const parent = Number(params.get('parent'));
  if (Number.isSafeInteger(parent) && parent > 0) seed.parent_id = parent;
  for (const [name, property] of Object.entries(type.form?.schema.properties ?? {})) {
    const value = params.get(name);
    if (value !== null && property.type === 'string' && !property.format) seed[name] = value;
  }
  return seed;
}

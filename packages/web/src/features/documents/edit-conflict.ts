/**
 * A save answered 409 because the document changed after the form was opened
 * (docs/product/forms-and-lists.md): the answer carries the document as it is now and who
 * changed it when. The user reloads (discarding their changes) or re-applies their changes: the
 * fields they changed since opening the form, laid onto the current document and saved with its
 * new version.
 */
import type { EditConflictAnswer, PersonRef } from '@docket/shared';
import { isApiRequestError } from '../../api/api-error.ts';

export interface EditConflict {
  current: Record<string, unknown>;
  changedBy: PersonRef | null;
  changedDate: string;
}

/** The conflict a failed save reports, or null when it failed otherwise. */
export function editConflictOf(error: unknown): EditConflict | null {
  if (!isApiRequestError(error) || error.status !== 409) return null;
  const body = error.body as Partial<EditConflictAnswer> | null;
  if (!body || typeof body.current !== 'object' || body.current === null) return null;
  return { current: body.current, changedBy: body.changed_by ?? null, changedDate: body.changed_date ?? '' };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The user's edit (from `base`, what the form opened with, to `mine`) applied onto `current`:
 * every top-level field the user changed takes the user's value (a field they cleared is cleared);
 * every other field keeps the current value, and `meta` is the current one (its new version).
 */
export function reapplyChanges(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    if (key === 'meta' || key === 'data_normalised' || same(base[key], mine[key])) continue;
    if (mine[key] === undefined) delete merged[key];
    else merged[key] = mine[key];
  }
  return merged;
}

/** The names of the fields the user changed (shown in the dialog). */
export function changedFields(base: Record<string, unknown>, mine: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(base), ...Object.keys(mine)])].filter(
    (key) => key !== 'meta' && key !== 'data_normalised' && !same(base[key], mine[key]),
  );
}

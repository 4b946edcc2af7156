/**
 * A checklist's revision (docs/product/administration.md#checklists): changing its questions makes
 * a new revision — the number goes up by one unless the body already raised it — and the number
 * never goes down. Inspections copy the revision they start from
 * (docs/product/documents-and-schemas.md#inspections), so a new revision never changes answers
 * already given.
 */
import type { ValidationProblem } from '@docket/shared';
import type { TypeWriteHooks } from '../documents/type-hooks.ts';

export const REVISION_GOES_DOWN = (stored: number) => `The revision cannot be lower than the current one (${stored}).`;

function revisionOf(values: Record<string, unknown>): number {
  return typeof values.revision === 'number' ? values.revision : 1;
}

/** JSON with object keys sorted: PostgreSQL's jsonb answers keys in its own order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, canonical(v)]),
  );
}

function questionsChanged(before: unknown, after: unknown): boolean {
  return JSON.stringify(canonical(before ?? [])) !== JSON.stringify(canonical(after ?? []));
}

export const checklistWriteHooks: TypeWriteHooks = {
  async prepareBody(_hook, body, existing) {
    if (!existing) return body;
    const stored = revisionOf(existing.values);
    // A body without a revision keeps the stored one rather than falling back to the default 1;
    // one that is no number goes on to the form's check, which refuses it ('must be integer').
    if (body.revision !== undefined && body.revision !== null && typeof body.revision !== 'number') return body;
    const sent = typeof body.revision === 'number' ? body.revision : stored;
    const isNewRevision = questionsChanged(existing.values.items, body.items) && sent <= stored;
    return { ...body, revision: isNewRevision ? stored + 1 : sent };
  },
  async validate(_hook, values, existing): Promise<ValidationProblem[]> {
    if (!existing) return [];
    const stored = revisionOf(existing.values);
    return revisionOf(values) < stored ? [{ path: 'revision', message: REVISION_GOES_DOWN(stored), keyword: 'minimum' }] : [];
  },
};

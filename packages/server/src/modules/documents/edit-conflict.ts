/**
 * Lost updates (docs/product/documents-and-schemas.md): an edit names the version of the document
 * it was made from, as `meta.version` in the body (what the form sends back) or an `If-Match`
 * header (`"3"`, `W/"3"` or `3`). Without one the edit is refused with 428; when the document
 * has changed since, with 409 answering the document as it is now and who changed it when, so
 * the user can reload or re-apply their changes.
 */
import type { DocumentAnswer, EditConflictAnswer, PersonRef } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { HttpError } from '../../http/http-error.ts';
import type { RowWithAuthor } from '../../platform/records/document-shape.ts';

export const VERSION_REQUIRED =
  'Name the version of the document your changes were made from (meta.version in the body, or an If-Match header), so that nobody’s changes are overwritten.';
export const VERSION_INVALID = 'The document version must be a whole number (meta.version or If-Match).';
export const VERSIONS_DIFFER = 'meta.version and If-Match name different versions of the document.';

function parseVersion(value: unknown): number | null | 'invalid' {
  if (value === undefined || value === null || value === '') return null;
  const text =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value
            .trim()
            .replace(/^W\//, '')
            .replace(/^"(.*)"$/, '$1')
        : '';
  return /^\d{1,15}$/.test(text) ? Number(text) : 'invalid';
}

/** The version an edit was made from, or the 428/400 that says how to name it. */
export function versionReadOrThrow(body: Record<string, unknown>, ifMatch: string | undefined): number {
  const meta = body.meta;
  const fromBody = parseVersion(meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).version : undefined);
  const fromHeader = parseVersion(ifMatch);
  if (fromBody === 'invalid' || fromHeader === 'invalid') throw new HttpError('bad_request', VERSION_INVALID);
  if (fromBody !== null && fromHeader !== null && fromBody !== fromHeader) throw new HttpError('bad_request', VERSIONS_DIFFER);
  const version = fromHeader ?? fromBody;
  if (version === null) throw new HttpError('precondition_required', VERSION_REQUIRED);
  return version;
}

/** The latest change that moved the version: an edit or a workflow action (the audit trail), else the row's last editor. */
async function lastChange(ctx: AppContext, orgId: number, row: RowWithAuthor): Promise<{ by: PersonRef | null; date: string }> {
  const audit = await ctx.database.db
    .selectFrom('audit_trail as a')
    .leftJoin('identities as i', 'i.uuid', 'a.actor_uuid')
    .select(['a.actor_uuid', 'a.created_date', 'i.display_name'])
    .where('a.org_id', '=', orgId)
    .where('a.doc_id', '=', row.id)
    .where((eb) => eb.or([eb('a.action', '=', 'update'), eb('a.action', 'like', 'workflow:%')]))
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (audit) return { by: { uuid: audit.actor_uuid, display_name: audit.display_name ?? '' }, date: audit.created_date };
  const editor = await ctx.database.db
    .selectFrom('identities')
    .select('display_name')
    .where('uuid', '=', row.updated_by)
    .executeTakeFirst();
  return { by: { uuid: row.updated_by, display_name: editor?.display_name ?? '' }, date: row.updated_date };
}

export function conflictMessage(by: PersonRef | null, date: string): string {
  const who = by?.display_name ? by.display_name : 'someone else';
  return `This document was changed by ${who} on ${date.replace('T', ' ').slice(0, 16)} UTC after you opened it. Reload it, or re-apply your changes to the current version.`;
}

/** The 409 of a stale edit: the current document (as the caller may see it) and who changed it when. */
export async function editConflict(
  ctx: AppContext,
  principal: Principal,
  row: RowWithAuthor,
  answer: (row: RowWithAuthor) => Promise<DocumentAnswer>,
): Promise<HttpError> {
  const change = await lastChange(ctx, principal.org.id, row);
  const extra: Omit<EditConflictAnswer, 'error' | 'error_description' | 'code'> = {
    current: await answer(row),
    changed_by: change.by,
    changed_date: change.date,
  };
  return new HttpError('conflict', conflictMessage(change.by, change.date), { extra });
}

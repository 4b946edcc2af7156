/**
 * Attachments (docs/product/workflow-and-timeline.md#attachments, docs/product/workflow-and-timeline.md#api, docs/product/workflow-and-timeline.md#limits; issue 6 item 5). An upload is received into temporary files,
 * checked, put into the file store under fresh keys, then recorded in one transaction — file rows,
 * the document's `meta.attachments`, the `import_file` event for uploadAttWithEvent, the audit
 * row; if that fails the stored keys are removed again (store-writes.ts), so a failure at any
 * point stores nothing.
 */
import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { forUpdate } from './row-lock.ts';
import { STORAGE_FULL_MESSAGE, type AttachmentMeta, type EventAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { CANNOT_EDIT } from '../../platform/access/authorize.ts';
import { HttpError } from '../../http/http-error.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { appendAudit } from '../../platform/records/audit.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { newStorageKey } from '../../platform/files/file-store.ts';
import { uniqueName } from '../../platform/files/file-names.ts';
import { storageSettingsOf } from '../../platform/files/storage-settings.ts';
import { isStorageFull } from '../../platform/files/storage-usage.ts';
import type { MediaWork } from '../../platform/files/media-work.ts';
import { insertEvent } from '../events/events.repository.ts';
import { NO_TIMELINE } from '../events/events.service.ts';
import { getDocumentEvent } from '../events/event-reads.ts';
import { readDocumentForOrThrow } from '../documents/readable-document.ts';
import { setDocumentAttachments } from '../../platform/records/documents.repository.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { fileNamesOf, insertFile } from './files.repository.ts';
import { discard, receiveUpload } from './multipart-intake.ts';
import { checkFiles, type CheckedFile } from './upload-checks.ts';
import { putInStore, takeOutOfStore } from './store-writes.ts';

export interface UploadAnswer {
  error: false;
  attachments: AttachmentMeta[];
  event: EventAnswer | null;
}

export async function uploadAttachments(
  ctx: AppContext,
  media: MediaWork,
  principal: Principal,
  docId: number,
  request: FastifyRequest,
  withEvent: boolean,
): Promise<UploadAnswer> {
  const { scope, type } = await readDocumentForOrThrow(ctx, principal, docId, 'update');
  if (withEvent && !type.hasEvents) throw new HttpError('bad_request', NO_TIMELINE);
  // Refused before the bytes arrive; recordFiles checks again for the other ways files come in.
  await requireStorageRoom(ctx, principal.org.id);
  const settings = await storageSettingsOf(ctx.database, principal.org.id);
  const upload = await receiveUpload(request, ctx.fileStore, settings.maxFileMb);
  try {
    const checked = await checkFiles(upload.files, settings, media);
    const descrip = (upload.fields.descrip ?? '').trim();
    const event = withEvent ? { type: 'import_file', subject: null, descrip, data: null } : null;
    return await recordFiles(ctx, request.log, principal, scope, docId, checked, event);
  } finally {
    // Thumbnails and half-made copies beside the uploads go too, whatever step refused.
    await discard(upload);
  }
}

/** docs/product/administration.md#storage: a full organisation stores nothing more, and loses nothing. */
async function requireStorageRoom(ctx: AppContext, orgId: number): Promise<void> {
  if (await isStorageFull(ctx.database, orgId)) throw new HttpError('payload_too_large', STORAGE_FULL_MESSAGE);
}

/** The thumbnail's bytes, read before the store takes the temporary file away. */
async function thumbSizeOf(file: CheckedFile): Promise<number | null> {
  if (!file.thumbPath) return null;
  return stat(file.thumbPath).then(
    (info) => info.size,
    () => null,
  );
}

/** The timeline event that brings the files (`import_file`; `import_mail` for mail, docs/product/mail.md#mail-import). */
export interface FilesEvent {
  type: string;
  subject: string | null;
  descrip: string;
  data: Record<string, unknown> | null;
}

/**
 * Stores checked files and records them, with their event when one is given, in one transaction;
 * `alsoInTransaction` adds the caller's own rows to it (the mail import's Message-ID).
 */
export async function recordFiles(
  ctx: AppContext,
  log: FastifyBaseLogger,
  principal: Principal,
  scope: TypeScope<'update'>,
  docId: number,
  files: CheckedFile[],
  event: FilesEvent | null,
  alsoInTransaction?: (trx: Transaction<Tables>, eventId: number | null) => Promise<void>,
): Promise<UploadAnswer> {
  const orgId = principal.org.id;
  await requireStorageRoom(ctx, orgId);
  const date = new Date().toISOString();
  const thumbSizes = await Promise.all(files.map(thumbSizeOf));
  const keys = files.map((file) => {
    const storageKey = newStorageKey(orgId);
    return { storageKey, thumbKey: file.thumbPath ? `${storageKey}-thumb` : null };
  });
  const stored = await putInStore(
    ctx,
    log,
    files.flatMap((file, index) => {
      const { storageKey, thumbKey } = keys[index]!;
      return [[file.tempPath, storageKey] as const, ...(file.thumbPath && thumbKey ? [[file.thumbPath, thumbKey] as const] : [])];
    }),
  );
  try {
    const { added, eventId } = await writeQueueFor(ctx.database).run(async (trx) => {
      const current = await forUpdate(
        ctx.database,
        trx.selectFrom('documents').select('attachments').where('org_id', '=', orgId).where('id', '=', docId),
      ).executeTakeFirstOrThrow();
      const attachments = readJson<AttachmentMeta[]>(current.attachments, []);
      const taken = new Set([...(await fileNamesOf(trx, orgId, docId)), ...attachments.map((a) => a.name)]);
      const names = files.map((file) => {
        const name = uniqueName(file.name, taken);
        taken.add(name);
        return name;
      });
      const id =
        event === null
          ? null
          : await insertEvent(trx, {
              orgId,
              docId,
              parentId: null,
              type: event.type,
              subject: event.subject,
              descrip: event.descrip,
              onBehalfOf: null,
              attachments: names,
              data: event.data,
              createdBy: principal.uuid,
              date,
            });
      const entries: AttachmentMeta[] = [];
      for (const [index, file] of files.entries()) {
        const { storageKey, thumbKey } = keys[index]!;
        await insertFile(trx, {
          orgId,
          docId,
          eventId: id,
          ownerUuid: null,
          name: names[index]!,
          storageKey,
          thumbKey,
          size: file.size,
          thumbSize: thumbSizes[index] ?? null,
          contentType: file.contentType,
          createdBy: principal.uuid,
          date,
        });
        entries.push({
          name: names[index]!,
          size: file.size,
          content_type: file.contentType,
          created_date: date,
          created_by: { uuid: principal.uuid, display_name: principal.displayName },
          thumb: thumbKey !== null,
        });
      }
      if (!(await setDocumentAttachments(ctx.database, trx, scope, docId, writeJson([...attachments, ...entries]))))
        throw new HttpError('forbidden', CANNOT_EDIT);
      await alsoInTransaction?.(trx, id);
      await appendAudit(trx, {
        orgId,
        docId,
        docType: scope.docType,
        action: 'attach',
        actor: principal.uuid,
        changes: { attachments: { before: null, after: names } },
      });
      return { added: entries, eventId: id };
    });
    const answered = eventId === null ? null : await getDocumentEvent(ctx, principal, docId, eventId);
    return { error: false, attachments: added, event: answered };
  } catch (error) {
    await takeOutOfStore(ctx, stored);
    throw error;
  }
}

/**
 * Mail into documents (docs/product/mail.md#mail-import): a message becomes an `import_mail`
 * event on the document's timeline — subject, from, to, dates, the sanitised body — and its
 * attachments go through the upload pipeline's checks (size limit, count limit, safe names, type
 * confirmed by content, thumbnails). An attachment the checks refuse is left out and counted:
 * the answer is '{n} of {total} imported!' over the message and its attachments. The event, its
 * files and the Message-ID row are one transaction, and the Message-ID is unique per document,
 * so importing the same message again adds nothing. 'Create Request' (docs/product/mail.md#requests-from-mail)
 * makes the request first, then imports the message into it.
 */
import { writeFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  importedMessage,
  MAIL_MESSAGES,
  MAIL_REQUEST_REPORTER_CATEGORY,
  MAX_FILES_PER_UPLOAD,
  type DocumentSchema,
  type MailImportAnswer,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import type { MediaWork } from '../../platform/files/media-work.ts';
import { storageSettingsOf } from '../../platform/files/storage-settings.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { readDocumentForOrThrow } from '../documents/readable-document.ts';
import { createDocument } from '../documents/document-writes.service.ts';
import { recordFiles } from '../files/files.service.ts';
import { discard, type ReceivedFile } from '../files/multipart-intake.ts';
import { checkFiles, type CheckedFile } from '../files/upload-checks.ts';
import { withSession } from './connector-sessions.ts';
import { connectorForOrThrow } from './connectors.service.ts';
import type { ConnectorRow } from './connectors.repository.ts';
import { mailCallDeadlines, type MailCallDeadline } from './mail-call-deadline.ts';
import { fetchRawOrThrow, folderOrThrow, markSeenQuietly } from './mail.service.ts';
import { readMail, type ReadMail } from './mail-parse.ts';
import { isSenderVerified, trustedServerOf } from './sender-trust.ts';
import { cutText } from './storable-mail-text.ts';

/** Longest timeline text kept from a message body. */
const DESCRIP_LENGTH = 100_000;

export interface ImportRequest {
  folder: string | undefined;
  docId: number | undefined;
  deleteFromSource: boolean;
}

/** The connector a message came from: its id for the import's row, its settings for the sender check. */
export type SourceConnector = Pick<ConnectorRow, 'id' | 'ownerUuid' | 'settings'>;

export interface ImportTools {
  media: MediaWork;
  log: FastifyBaseLogger;
}

async function alreadyImported(ctx: AppContext, orgId: number, docId: number, messageId: string) {
  return ctx.database.db
    .selectFrom('mail_imports')
    .select(['event_id'])
    .where('org_id', '=', orgId)
    .where('doc_id', '=', docId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

/** Each attachment checked alone: one refused file is left out, the others still come in. */
async function acceptedAttachments(
  ctx: AppContext,
  orgId: number,
  mail: ReadMail,
  media: MediaWork,
): Promise<{ files: CheckedFile[]; temps: ReceivedFile[] }> {
  const settings = await storageSettingsOf(ctx.database, orgId);
  const limit = settings.maxFileMb * 1024 * 1024;
  const files: CheckedFile[] = [];
  const temps: ReceivedFile[] = [];
  for (const part of mail.attachments) {
    if (files.length >= MAX_FILES_PER_UPLOAD || part.size > limit) continue;
    const received: ReceivedFile = { name: part.name, tempPath: await ctx.fileStore.tempPath(), size: part.content.length };
    temps.push(received);
    await writeFile(received.tempPath, part.content);
    try {
      files.push(...(await checkFiles([received], settings, media)));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return { files, temps };
}

function eventData(mail: ReadMail, connector: SourceConnector): Record<string, unknown> {
  return {
    mail_from: mail.from,
    // Whether the connector's trusted mail server vouched for the sender (sender-trust.ts); the timeline says so.
    mail_from_verified: isSenderVerified(mail, trustedServerOf(connector)),
    mail_to: mail.to,
    mail_sent: mail.date,
    message_id: mail.messageId,
    content_type: mail.html ? 'html' : 'text',
    html: mail.html,
  };
}

/** Puts a read message on a document's timeline (the caller has found the document for update). */
export async function importReadMail(
  ctx: AppContext,
  principal: Principal,
  scope: TypeScope<'update'>,
  docId: number,
  connector: SourceConnector,
  mail: ReadMail,
  received: string | null,
  tools: ImportTools,
): Promise<MailImportAnswer> {
  const orgId = principal.org.id;
  const total = 1 + mail.attachments.length;
  const previous = await alreadyImported(ctx, orgId, docId, mail.messageId);
  if (previous)
    return {
      error: false,
      imported: 0,
      total,
      message: importedMessage(0, total),
      event_id: Number(previous.event_id),
      doc_id: docId,
      doc_type: scope.docType,
      already_imported: true,
    };
  const { files, temps } = await acceptedAttachments(ctx, orgId, mail, tools.media);
  try {
    const answer = await recordFiles(
      ctx,
      tools.log,
      principal,
      scope,
      docId,
      files,
      {
        type: 'import_mail',
        subject: mail.subject,
        descrip: cutText(mail.text, DESCRIP_LENGTH),
        data: { ...eventData(mail, connector), mail_received: received },
      },
      async (trx, eventId) => {
        await trx
          .insertInto('mail_imports')
          .values({
            org_id: orgId,
            doc_id: docId,
            message_id: mail.messageId,
            event_id: eventId!,
            connector_id: connector.id,
            created_by: principal.uuid,
            created_date: new Date().toISOString(),
          })
          .execute();
      },
    );
    const imported = 1 + files.length;
    return {
      error: false,
      imported,
      total,
      message: importedMessage(imported, total),
      event_id: answer.event!.id,
      doc_id: docId,
      doc_type: scope.docType,
      already_imported: false,
    };
  } catch (error) {
    // Two imports of one message at once: the unique Message-ID row lets one through.
    const winner = await alreadyImported(ctx, orgId, docId, mail.messageId);
    if (winner)
      return {
        error: false,
        imported: 0,
        total,
        message: importedMessage(0, total),
        event_id: Number(winner.event_id),
        doc_id: docId,
        doc_type: scope.docType,
        already_imported: true,
      };
    throw error;
  } finally {
    await discard({ files: temps });
  }
}

export async function importMail(
  ctx: AppContext,
  principal: Principal,
  connectorId: number,
  uid: number,
  request: ImportRequest,
  tools: ImportTools,
): Promise<MailImportAnswer> {
  if (!request.folder || !request.docId) throw new HttpError('bad_request', MAIL_MESSAGES.missingImportArguments);
  const row = await connectorForOrThrow(ctx, principal, connectorId);
  const folder = folderOrThrow(row, request.folder);
  const { scope } = await readDocumentForOrThrow(ctx, principal, request.docId, 'update');
  const deadline = mailCallDeadlines.forUserCall();
  const raw = await fetchRawOrThrow(ctx, row, deadline, folder, uid);
  const mail = await readMail(ctx, raw);
  const answer = await importReadMail(ctx, principal, scope, request.docId, row, mail, null, tools);
  if (request.deleteFromSource) await removeFromSource(ctx, row, deadline, folder, uid);
  else await markSeenQuietly(ctx, row, deadline, folder, uid);
  return answer;
}

async function removeFromSource(
  ctx: AppContext,
  row: ConnectorRow,
  deadline: MailCallDeadline,
  folder: string,
  uid: number,
): Promise<void> {
  const removed = await withSession(ctx, row, deadline, (session) => session.remove(folder, uid));
  if (!removed) throw new HttpError('mail_server_failed', MAIL_MESSAGES.deleteError);
}

/** The member whose address sent the message, in the caller's organisation; null for anyone else. */
async function memberBySender(ctx: AppContext, orgId: number, address: string | undefined): Promise<string | null> {
  if (!address) return null;
  const row = await ctx.database.db
    .selectFrom('identities')
    .innerJoin('memberships', 'memberships.identity_uuid', 'identities.uuid')
    .select('identities.uuid')
    .where('memberships.org_id', '=', orgId)
    .where('identities.email', '=', address.trim().toLowerCase())
    .executeTakeFirst();
  return row?.uuid ?? null;
}

/**
 * The body of a document made from a message: for a request, docs/product/mail.md#requests-from-mail;
 * for another type, the subject in its summary field, the text in its description field and the
 * received date in its date field, where the type has them. The From header is the sender's to
 * write: it names the request's reporter only when the connector's trusted mail server vouches
 * for it (sender-trust.ts); otherwise the reporter is the form's default, whoever makes the request.
 */
export async function documentBodyFromMail(
  ctx: AppContext,
  orgId: number,
  type: DocumentSchema,
  mail: ReadMail,
  connector: SourceConnector,
): Promise<Record<string, unknown>> {
  const form = type.form;
  const summaryField = form?.summaryProperties?.[0];
  const descripField = form?.descripProperties?.[0];
  const body: Record<string, unknown> = {};
  const subject = mail.subject.trim() || '(no subject)';
  if (summaryField) body[summaryField] = cutText(subject, 200);
  if (descripField) body[descripField] = cutText(mail.text, DESCRIP_LENGTH);
  if (form?.dateField) body[form.dateField] = mail.date ?? new Date().toISOString();
  if (type.type === 'request') {
    const isVerified = isSenderVerified(mail, trustedServerOf(connector));
    body.reporter_id = isVerified ? await memberBySender(ctx, orgId, mail.from?.address) : null;
    body.reporter_category_id = MAIL_REQUEST_REPORTER_CATEGORY;
    body.anonymous = false;
  }
  return body;
}

/** Makes a document of `type` from a read message and puts the message (and its attachments) on its timeline. */
export async function createDocumentFromMail(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  connector: SourceConnector,
  mail: ReadMail,
  tools: ImportTools,
): Promise<MailImportAnswer> {
  const created = await createDocument(ctx, principal, type, await documentBodyFromMail(ctx, principal.org.id, type, mail, connector));
  const docId = created.meta.doc_id;
  const { scope } = await readDocumentForOrThrow(ctx, principal, docId, 'update');
  return importReadMail(ctx, principal, scope, docId, connector, mail, null, tools);
}

export async function createRequestFromMail(
  ctx: AppContext,
  principal: Principal,
  connectorId: number,
  uid: number,
  folderName: string | undefined,
  tools: ImportTools,
): Promise<MailImportAnswer> {
  const row = await connectorForOrThrow(ctx, principal, connectorId);
  const folder = folderOrThrow(row, folderName);
  const deadline = mailCallDeadlines.forUserCall();
  const raw = await fetchRawOrThrow(ctx, row, deadline, folder, uid);
  const mail = await readMail(ctx, raw);
  const type = await typeRegistryFor(ctx.database).get(principal.org.id, 'request');
  if (!type) throw new HttpError('not_found', 'Unknown document type: request');
  const answer = await createDocumentFromMail(ctx, principal, type, row, mail, tools);
  await markSeenQuietly(ctx, row, deadline, folder, uid);
  return answer;
}

/**
 * The mail screen's operations (docs/product/mail.md#mail-screen): a folder's messages 15 at a
 * time, newest first, with the unread count; one message with its sanitised body and attachment
 * list; deleting one. Each call uses a session of the connector (connector-sessions.ts) within
 * one deadline for the whole call (mail-call-deadline.ts); a sender shows as verified only when
 * the connector's trusted mail server vouches for it (sender-trust.ts).
 */
import { MAIL_MESSAGES, type MailItem, type MailListAnswer, type MailMessageAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { isSentFolder } from './connector-answers.ts';
import { withSession } from './connector-sessions.ts';
import { connectorForOrThrow } from './connectors.service.ts';
import type { ConnectorRow } from './connectors.repository.ts';
import type { MailHeaderItem } from './mail-provider.ts';
import { mailCallDeadlines, type MailCallDeadline } from './mail-call-deadline.ts';
import { mailReaderOf, previewOf, readMail, type ReadMail } from './mail-parse.ts';
import { isSenderVerified, trustedServerOf } from './sender-trust.ts';

export interface ListRequest {
  folder?: string | undefined;
  start: number;
  count: number;
  unreadOnly: boolean;
  search: string;
}

/** The folder a call names, which must be one of the connector's; default its inbox. */
export function folderOrThrow(row: ConnectorRow, folder: string | undefined): string {
  if (!folder) return row.settings.folders[0] ?? 'INBOX';
  const match = row.settings.folders.find((path) => path.toLowerCase() === folder.toLowerCase());
  if (!match) throw new HttpError('not_found', `The folder '${folder}' is not one of this connector's folders.`);
  return match;
}

function itemOf(row: ConnectorRow, uid: number, mail: ReadMail, flags: string[], received: string | null, folder: string): MailItem {
  return {
    uid,
    subject: mail.subject,
    bodyPreview: previewOf(mail.text),
    mail_from: mail.from,
    mail_from_verified: isSenderVerified(mail, trustedServerOf(row)),
    mail_to: mail.to,
    mail_received: received,
    mail_sent: mail.date,
    sent: isSentFolder(folder),
    flags: flags.filter((flag) => flag === '\\Seen').map(() => 'SEEN'),
  };
}

function unreadableItem(header: MailHeaderItem, folder: string): MailItem {
  // One unreadable message must not hide the folder: it is listed with what is known.
  return {
    uid: header.uid,
    subject: '',
    bodyPreview: MAIL_MESSAGES.unableToParse,
    mail_from: null,
    mail_from_verified: false,
    mail_to: [],
    mail_received: header.internalDate,
    mail_sent: null,
    sent: isSentFolder(folder),
    flags: header.flags.includes('\\Seen') ? ['SEEN'] : [],
  };
}

/** The page's items from the heads of its messages, read in one worker task. */
async function listItemsOf(ctx: AppContext, row: ConnectorRow, headers: MailHeaderItem[], folder: string): Promise<MailItem[]> {
  const read = await mailReaderOf(ctx)
    .readMany(headers.map((header) => header.head))
    .catch(() => headers.map(() => null));
  return headers.map((header, index) => {
    const mail = read[index];
    return mail ? itemOf(row, header.uid, mail, header.flags, header.internalDate, folder) : unreadableItem(header, folder);
  });
}

export async function listMail(ctx: AppContext, principal: Principal, connectorId: number, request: ListRequest): Promise<MailListAnswer> {
  const row = await connectorForOrThrow(ctx, principal, connectorId);
  const folder = folderOrThrow(row, request.folder);
  const page = await withSession(ctx, row, mailCallDeadlines.forUserCall(), (session) =>
    session.page(folder, { start: request.start, count: request.count, unreadOnly: request.unreadOnly, search: request.search }),
  );
  const dataAr = await listItemsOf(ctx, row, page.items, folder);
  return { dataAr, folder: { path: folder, totalItemCount: page.total, unreadItemCount: page.unread } };
}

/**
 * Marks a message read once it was opened or imported (docs/product/mail.md#read-state). The flag
 * is a convenience for the mailbox's readers: failing to set it does not undo what was done.
 */
export async function markSeenQuietly(
  ctx: AppContext,
  row: ConnectorRow,
  deadline: MailCallDeadline,
  folder: string,
  uid: number,
): Promise<void> {
  await withSession(ctx, row, deadline, (session) => session.markSeen(folder, uid)).catch(() => undefined);
}

/** The raw message, or 404 'No mail content found!' when the folder has no such UID. */
export async function fetchRawOrThrow(
  ctx: AppContext,
  row: ConnectorRow,
  deadline: MailCallDeadline,
  folder: string,
  uid: number,
): Promise<Buffer> {
  const raw = await withSession(ctx, row, deadline, (session) => session.fetch(folder, uid));
  if (!raw) throw new HttpError('not_found', MAIL_MESSAGES.noContent);
  return raw;
}

export async function getMailMessage(
  ctx: AppContext,
  principal: Principal,
  connectorId: number,
  uid: number,
  folderName: string | undefined,
): Promise<MailMessageAnswer> {
  const row = await connectorForOrThrow(ctx, principal, connectorId);
  const folder = folderOrThrow(row, folderName);
  const deadline = mailCallDeadlines.forUserCall();
  const raw = await fetchRawOrThrow(ctx, row, deadline, folder, uid);
  const mail = await readMail(ctx, raw);
  await markSeenQuietly(ctx, row, deadline, folder, uid);
  const item = itemOf(row, uid, mail, ['\\Seen'], null, folder);
  return {
    ...item,
    content: mail.html ?? mail.text,
    content_type: mail.html ? 'html' : 'text',
    attachments: mail.attachments
      .filter((part) => !part.inline)
      .map((part) => ({ name: part.name, content_type: part.contentType, size: part.size })),
  };
}

export async function deleteMailMessage(
  ctx: AppContext,
  principal: Principal,
  connectorId: number,
  uid: number,
  folderName: string | undefined,
): Promise<{ error: false }> {
  const row = await connectorForOrThrow(ctx, principal, connectorId);
  const folder = folderOrThrow(row, folderName);
  const removed = await withSession(ctx, row, mailCallDeadlines.forUserCall(), (session) => session.remove(folder, uid));
  if (!removed) throw new HttpError('not_found', MAIL_MESSAGES.noContent);
  return { error: false };
}

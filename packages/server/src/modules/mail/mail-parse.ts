/**
 * Reading a raw message (docs/product/mail.md#mail-item): mailparser decodes it (charsets,
 * RFC 2047 words, nested multiparts); the HTML body is cleaned by the shared sanitiser before any
 * client or the timeline sees it (docs/product/security.md), `cid:` images stay unresolved links
 * the sanitiser drops, and the preview is the text cut at 250 characters. A message the parser
 * cannot read is 'Unable to parse mail content.', never a crash.
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import { MAIL_MESSAGES, MAIL_PREVIEW_LENGTH } from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { safeHtml } from '../documents/safe-html.ts';
/** Longest subject kept (docs/product/mail.md#limits; the timeline's subject column). */
const SUBJECT_LENGTH = 300;

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailAttachmentPart {
  name: string;
  contentType: string;
  size: number;
  content: Buffer;
  inline: boolean;
}

export interface ReadMail {
  messageId: string;
  subject: string;
  from: MailAddress | null;
  to: MailAddress[];
  date: string | null;
  inReplyTo: string | null;
  references: string[];
  /** Sanitised HTML, or null when the message has none. */
  html: string | null;
  text: string;
  attachments: MailAttachmentPart[];
}

/** NUL cannot be stored in PostgreSQL text or jsonb: a hostile message's NULs are dropped at once. */
const NUL = String.fromCharCode(0);
function clean(text: string): string {
  return text.includes(NUL) ? text.split(NUL).join('') : text;
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const flat = (entries: EmailAddress[]): MailAddress[] =>
    entries.flatMap((entry) =>
      entry.group ? flat(entry.group) : entry.address ? [{ name: clean(entry.name ?? ''), address: clean(entry.address) }] : [],
    );
  return list.flatMap((object) => flat(object.value ?? []));
}

function idList(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return text.match(/<[^<>\s]+>/g) ?? (text.trim() ? text.trim().split(/\s+/) : []);
}

export function previewOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAIL_PREVIEW_LENGTH);
}

/** Text of a sanitised HTML body, for the preview and the timeline's plain description. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/tr|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function parseOrThrow(raw: Buffer): Promise<ParsedMail> {
  try {
    return await simpleParser(raw, { keepCidLinks: true, skipImageLinks: true, skipTextLinks: true, maxHtmlLengthToParse: 2_000_000 });
  } catch {
    throw new HttpError('mail_unreadable', MAIL_MESSAGES.unableToParse);
  }
}

export async function readMail(raw: Buffer): Promise<ReadMail> {
  const parsed = await parseOrThrow(raw);
  const html = typeof parsed.html === 'string' && parsed.html.trim() ? clean(safeHtml(parsed.html)) : null;
  const text = clean(parsed.text ?? '').trim() || (html ? textOfHtml(html) : '');
  const messageId = clean(parsed.messageId ?? '').trim() || `<sha256-${createHash('sha256').update(raw).digest('hex')}@docket.invalid>`;
  return {
    messageId: messageId.slice(0, 500),
    subject: clean(parsed.subject ?? '').slice(0, SUBJECT_LENGTH),
    from: addresses(parsed.from)[0] ?? null,
    to: addresses(parsed.to),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null,
    inReplyTo: idList(parsed.inReplyTo).map(clean)[0] ?? null,
    references: idList(parsed.references).map(clean),
    html,
    text,
    attachments: parsed.attachments.map((part, index) => ({
      name: clean(part.filename ?? '') || `attachment-${index + 1}${part.contentType === 'message/rfc822' ? '.eml' : ''}`,
      contentType: clean(part.contentType),
      size: part.size,
      content: part.content,
      inline: part.contentDisposition === 'inline' || Boolean(part.related),
    })),
  };
}

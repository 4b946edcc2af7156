/**
 * Reading raw messages, run ONLY inside the mail parse worker pool (mail-parse.ts), never on the
 * event loop: mailparser decodes the message (charsets, RFC 2047 words, nested multiparts) and
 * the HTML body is cleaned with the shared allow-list (received as task input) before anything
 * leaves the thread. A hostile message can only slow or stop its own thread, which the pool's time
 * and memory limits end (docs/product/mail.md#parsing).
 *
 * This module must stay loadable by a bare worker thread: it imports only packages and relative
 * files with erasable types (no `@docket/shared`).
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type EmailAddress, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { taskStarted, type TaskEnvelope } from '../../platform/workers/worker-pool.ts';
import { safeHtmlOptions, type SafeHtmlPolicy } from '../documents/safe-html-options.ts';

/** Longest subject kept (the timeline's subject column). */
const SUBJECT_LENGTH = 300;
/** HTML bodies longer than this are read as text only (mailparser's own limit). */
const MAX_HTML_LENGTH = 2_000_000;

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

export interface ParseTask {
  raws: Uint8Array[];
  policy: SafeHtmlPolicy;
}

/** One result per raw message, in order; null for a message the parser cannot read. */
export type ParseResult = (ReadMail | null)[];

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

function readParsed(raw: Buffer, parsed: ParsedMail, options: sanitizeHtml.IOptions): ReadMail {
  const html = typeof parsed.html === 'string' && parsed.html.trim() ? clean(sanitizeHtml(parsed.html, options)) : null;
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

/** An image's source a message may keep: only one carried inside it (a `data:` URL). */
const INLINE_IMAGE = /^data:/i;

/**
 * The shared allow-list, then what mail clients do by default: an image a message names on
 * another server is not kept. Fetching it would tell the sender that, when and from which address
 * a member opened the message (a tracking pixel), on the mail screen or later on the timeline
 * (docs/product/mail.md#parsing). A same-origin path is dropped too: a stranger's message has no
 * business making the reader's browser ask this server for anything. The image's alt text stays.
 */
function mailHtmlOptions(options: sanitizeHtml.IOptions): sanitizeHtml.IOptions {
  return {
    ...options,
    allowProtocolRelative: false,
    transformTags: {
      ...options.transformTags,
      img: (tagName, attribs) => {
        const { src, ...rest } = attribs;
        return { tagName, attribs: src !== undefined && INLINE_IMAGE.test(src.trim()) ? { ...rest, src } : rest };
      },
    },
  };
}

async function readOne(bytes: Uint8Array, options: sanitizeHtml.IOptions): Promise<ReadMail | null> {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, {
      keepCidLinks: true,
      skipImageLinks: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: MAX_HTML_LENGTH,
    });
  } catch {
    return null;
  }
  return readParsed(raw, parsed, options);
}

/** The worker task: reads each message in turn. */
export async function parse(task: TaskEnvelope & ParseTask): Promise<ParseResult> {
  taskStarted(task);
  const options = mailHtmlOptions(safeHtmlOptions(task.policy));
  const results: ParseResult = [];
  for (const raw of task.raws) results.push(await readOne(raw, options));
  return results;
}

/**
 * Reading raw messages, run ONLY inside the mail parse worker pool (mail-parse.ts), never on the
 * event loop: mailparser decodes the message (charsets, RFC 2047 words, nested multiparts) and
 * the HTML body is cleaned with the shared allow-list (received as task input) before anything
 * leaves the thread; before anything is taken from the parsed message, its text is made one
 * PostgreSQL can store (storable-mail-text.ts). A hostile message can only slow or stop its own
 * thread, which the pool's time and memory limits end (docs/product/mail.md#parsing).
 *
 * This module must stay loadable by a bare worker thread: it imports only packages and relative
 * files with erasable types (no `@docket/shared`).
 */
import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment, type EmailAddress, type ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { taskStarted, type TaskEnvelope } from '../../platform/workers/worker-pool.ts';
import { safeHtmlOptions, type SafeHtmlPolicy } from '../documents/safe-html-options.ts';
import { traceHeadersOf, type TraceHeader } from './authentication-results.ts';
import { withMailImageRule, type BodyImageSource } from './mail-image-rule.ts';
import { cutText, withStorableText } from './storable-mail-text.ts';

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
  /**
   * Its first headers, top first, Authentication-Results ones read, for the sender check
   * (sender-trust.ts, docs/product/mail.md#requests-from-mail).
   */
  trace: TraceHeader[];
  /** One From header naming one mailbox: only then can a server's DMARC verdict be about `from`. */
  isSingleSender: boolean;
}

export interface ParseTask {
  raws: Uint8Array[];
  policy: SafeHtmlPolicy;
}

/** One result per raw message, in order; null for a message the parser cannot read. */
export type ParseResult = (ReadMail | null)[];

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const flat = (entries: EmailAddress[]): MailAddress[] =>
    entries.flatMap((entry) =>
      entry.group ? flat(entry.group) : entry.address ? [{ name: entry.name ?? '', address: entry.address }] : [],
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

/** The extension a part's type stands for, among the types the upload checks take (platform/files/content-check.ts). */
const EXTENSION_OF_TYPE: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'message/rfc822': 'eml',
};

/**
 * A part's file name. Mail clients often send an image shown in the body (a pasted screenshot, a
 * logo named by `cid:`) without a name, or named `image001`: the upload checks refuse a name
 * without an extension, so such an image vanished from the import. It is named after its type.
 */
function nameOf(part: Attachment, index: number): string {
  const name = (part.filename ?? '').trim() || `attachment-${index + 1}`;
  const extension = EXTENSION_OF_TYPE[part.contentType.toLowerCase()];
  return extension && !/\.[A-Za-z0-9]{1,8}$/.test(name) ? `${name}.${extension}` : name;
}

function readParsed(raw: Buffer, parsed: ParsedMail, options: sanitizeHtml.IOptions): ReadMail {
  const html =
    typeof parsed.html === 'string' && parsed.html.trim()
      ? sanitizeHtml(parsed.html, mailHtmlOptions(options, bodyImagesOf(parsed.attachments)))
      : null;
  const text = (parsed.text ?? '').trim() || (html ? textOfHtml(html) : '');
  const messageId = (parsed.messageId ?? '').trim() || `<sha256-${createHash('sha256').update(raw).digest('hex')}@docket.invalid>`;
  return {
    messageId: cutText(messageId, 500),
    subject: cutText(parsed.subject ?? '', SUBJECT_LENGTH),
    from: addresses(parsed.from)[0] ?? null,
    to: addresses(parsed.to),
    date: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null,
    inReplyTo: idList(parsed.inReplyTo)[0] ?? null,
    references: idList(parsed.references),
    html,
    text,
    trace: traceHeadersOf(parsed.headerLines),
    isSingleSender: parsed.headerLines.filter((line) => line.key === 'from').length === 1 && addresses(parsed.from).length === 1,
    attachments: parsed.attachments.map((part, index) => ({
      name: nameOf(part, index),
      contentType: part.contentType,
      size: part.size,
      content: part.content,
      inline: part.contentDisposition === 'inline' || Boolean(part.related),
    })),
  };
}

/** Images a body may show from its own parts (`cid:`); a browser shows these types in an <img>. */
const BODY_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/**
 * The bytes of a message's own images shown in its body, in all: a body's HTML is kept on the
 * timeline, so past this an image keeps only its alt text there (it is still imported as a file).
 */
export const BODY_IMAGES_BYTES = 1024 * 1024;

/** The message's own images by Content-ID, for the `cid:` sources of its body. */
function bodyImagesOf(attachments: readonly Attachment[]): Map<string, Attachment> {
  const images = new Map<string, Attachment>();
  for (const part of attachments)
    if (part.cid && BODY_IMAGE_TYPES.has(part.contentType.toLowerCase())) images.set(part.cid.toLowerCase(), part);
  return images;
}

/** The `data:` URL a body's `cid:` source stands for, within what is left of the budget; undefined otherwise. */
function carriedImageSource(images: Map<string, Attachment>): BodyImageSource {
  const budget = { bytes: BODY_IMAGES_BYTES };
  return (src) => {
    const match = /^cid:(.+)$/i.exec(src);
    if (!match) return undefined;
    let id = match[1]!;
    try {
      id = decodeURIComponent(id);
    } catch {
      // Not URL-encoded after all: the id as written.
    }
    const part = images.get(id.replace(/^<|>$/g, '').toLowerCase());
    if (!part || part.content.length > budget.bytes) return undefined;
    budget.bytes -= part.content.length;
    return `data:${part.contentType.toLowerCase()};base64,${part.content.toString('base64')}`;
  };
}

/**
 * The shared allow-list, then the mail image rule (mail-image-rule.ts): only the images the
 * message carries are kept; its own picture parts named by `cid:` are put in place as `data:` URLs.
 */
function mailHtmlOptions(options: sanitizeHtml.IOptions, images: Map<string, Attachment>): sanitizeHtml.IOptions {
  return withMailImageRule(options, carriedImageSource(images));
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
  // Before anything is taken from it: every text the message yields is one PostgreSQL can store.
  return readParsed(raw, withStorableText(parsed), options);
}

/** The worker task: reads each message in turn. */
export async function parse(task: TaskEnvelope & ParseTask): Promise<ParseResult> {
  taskStarted(task);
  const options = safeHtmlOptions(task.policy);
  const results: ParseResult = [];
  for (const raw of task.raws) results.push(await readOne(raw, options));
  return results;
}

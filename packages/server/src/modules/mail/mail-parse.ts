/**
 * Reading a raw message (docs/product/mail.md#parsing): the work runs in worker threads
 * (mail-parse-task.ts through platform/workers), so a huge or hostile message never stalls the
 * event loop. Each read has limits: the message's size (checked before any thread sees it), the
 * time a thread may spend once it starts, and the thread's memory; past one, and for a message the
 * parser cannot read, the answer is 'Unable to parse mail content.' (422) with what was exceeded,
 * never a 500. The HTML body comes back cleaned by the shared allow-list, an image the message
 * carries (`cid:`) put in place as a `data:` URL and any other image's address dropped
 * (mail-parse-task.ts); the preview is the text cut at 250 characters.
 */
import { MAIL_MESSAGES, MAIL_PREVIEW_LENGTH } from '@docket/shared';
import { HttpError } from '../../http/http-error.ts';
import { WorkerPool, WorkLimitError } from '../../platform/workers/worker-pool.ts';
import { SAFE_HTML_POLICY } from '../documents/safe-html.ts';
import type { ParseResult, ParseTask, ReadMail } from './mail-parse-task.ts';
import { cutText } from './storable-mail-text.ts';

export type { MailAddress, MailAttachmentPart, ReadMail } from './mail-parse-task.ts';

export interface MailParseLimits {
  /** The largest raw message read (a 30 MB attachment is about 41 MB once encoded). */
  maxBytes: number;
  /** How long one read may run once a thread starts it. */
  timeLimitMs: number;
  /** The JavaScript heap of each thread, in MB (attachments' bytes count too: platform/workers). */
  memoryLimitMb: number;
}

export const MAIL_PARSE_LIMITS: MailParseLimits = { maxBytes: 50 * 1024 * 1024, timeLimitMs: 20_000, memoryLimitMb: 512 };

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function limitFailure(error: WorkLimitError, limits: MailParseLimits): HttpError {
  if (error.limit === 'queue') return new HttpError('rate_limited', 'Too many messages are being read at once. Please try again shortly.');
  const what =
    error.limit === 'time'
      ? `reading it took longer than ${limits.timeLimitMs / 1000} seconds`
      : `reading it needed more than ${limits.memoryLimitMb} MB of memory`;
  return new HttpError('mail_unreadable', `${MAIL_MESSAGES.unableToParse} The message is too complex: ${what}.`);
}

/** A Buffer over the bytes a worker answered (structured cloning turns Buffers into Uint8Arrays). */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export class MailReader {
  readonly #pool: WorkerPool;
  readonly #limits: MailParseLimits;

  constructor(limits: MailParseLimits = MAIL_PARSE_LIMITS, threads?: number) {
    this.#limits = limits;
    this.#pool = new WorkerPool({
      filename: new URL('./mail-parse-task.ts', import.meta.url).href,
      timeLimitMs: limits.timeLimitMs,
      memoryLimitMb: limits.memoryLimitMb,
      ...(threads ? { threads } : {}),
    });
  }

  /** One message; 422 'Unable to parse mail content.' when it cannot be read within the limits. */
  async read(raw: Buffer): Promise<ReadMail> {
    if (raw.length > this.#limits.maxBytes)
      throw new HttpError('mail_unreadable', `${MAIL_MESSAGES.unableToParse} The message is larger than ${mb(this.#limits.maxBytes)}.`);
    const [mail] = await this.#run([raw]);
    if (!mail) throw new HttpError('mail_unreadable', MAIL_MESSAGES.unableToParse);
    return mail;
  }

  /** Several small messages (a list page's heads) in one task; null for each one that cannot be read. */
  async readMany(raws: Buffer[]): Promise<(ReadMail | null)[]> {
    const fits = raws.map((raw) => raw.length <= this.#limits.maxBytes);
    const read = fits.some(Boolean) ? await this.#run(raws.filter((_, index) => fits[index])) : [];
    let next = 0;
    return fits.map((fit) => (fit ? (read[next++] ?? null) : null));
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  async #run(raws: Buffer[]): Promise<ParseResult> {
    const task: ParseTask = { raws, policy: SAFE_HTML_POLICY };
    let results: ParseResult;
    try {
      results = await this.#pool.run<ParseResult>('parse', { ...task });
    } catch (error) {
      if (error instanceof WorkLimitError) throw limitFailure(error, this.#limits);
      throw error;
    }
    return results.map((mail) =>
      mail ? { ...mail, attachments: mail.attachments.map((part) => ({ ...part, content: asBuffer(part.content) })) } : null,
    );
  }
}

const readers = new WeakMap<object, MailReader>();

/** The reader of one app (keyed by its context object), started at its first message; closed with the app (mail.routes.ts). */
export function mailReaderOf(owner: object): MailReader {
  let reader = readers.get(owner);
  if (!reader) readers.set(owner, (reader = new MailReader()));
  return reader;
}

/** Reads one message with the app's reader. */
export function readMail(owner: object, raw: Buffer): Promise<ReadMail> {
  return mailReaderOf(owner).read(raw);
}

export function previewOf(text: string): string {
  return cutText(text.replace(/\s+/g, ' ').trim(), MAIL_PREVIEW_LENGTH);
}

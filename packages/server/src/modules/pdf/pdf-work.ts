/**
 * The event loop's side of drawing document PDFs (docs/architecture.md#heavy-work-off-the-event-loop):
 * a worker pool (platform/workers) running pdf-render-task.ts, so a document with a description of
 * megabytes slows its own PDF and nobody else's request. Each PDF runs under the pool's limits:
 * PDF_TIME_LIMIT_MS once a thread starts it, PDF_MEMORY_LIMIT_MB of heap, and at most
 * PDF_QUEUE waiting; past the queue the answer is 429 at once, past time or memory 422. One
 * organisation has at most PDF_PER_ORGANISATION PDFs in hand (waiting or drawn) at a time, so a
 * burst from one organisation never fills the queue every other organisation waits in. The pool
 * and those counts hold nothing another server process needs (each process guards its own
 * threads); one per app, created with the PDF routes and closed with the app (after the requests
 * in flight are answered).
 */
import { HttpError } from '../../http/http-error.ts';
import { WorkerPool, WorkLimitError } from '../../platform/workers/worker-pool.ts';
import type { PdfLayout } from './pdf-render-task.ts';

/** A 10 MB description (the largest body) takes a few seconds on a quiet machine. */
export const PDF_TIME_LIMIT_MS = 60_000;
export const PDF_MEMORY_LIMIT_MB = 512;
/** PDFs that may wait for a thread: each holds its document's text meanwhile. */
export const PDF_QUEUE = 16;
/** PDFs one organisation may have in hand at once (a quarter of the queue and the threads). */
export const PDF_PER_ORGANISATION = 6;

export const PDF_BUSY = 'Too many PDFs are being made right now. Please try again in a minute.';
export const PDF_TOO_LARGE = 'This document is too large to be made into a PDF.';

/** The PDF threads of one app (pdf.routes.ts). */
export class PdfWork {
  readonly #pool: WorkerPool;
  /** PDFs in hand per organisation (waiting or drawn); an organisation without any has no entry. */
  readonly #inHand = new Map<number, number>();

  constructor(threads?: number) {
    this.#pool = new WorkerPool({
      filename: new URL('./pdf-render-task.ts', import.meta.url).href,
      timeLimitMs: PDF_TIME_LIMIT_MS,
      memoryLimitMb: PDF_MEMORY_LIMIT_MB,
      maxQueue: PDF_QUEUE,
      ...(threads ? { threads } : {}),
    });
  }

  /**
   * The PDF's bytes, drawn in a worker thread; 429 when too many wait or the organisation has its
   * share in hand, 422 past the time or memory limit.
   */
  async render(layout: PdfLayout, orgId: number): Promise<Uint8Array> {
    const inHand = this.#inHand.get(orgId) ?? 0;
    if (inHand >= PDF_PER_ORGANISATION) throw new HttpError('rate_limited', PDF_BUSY);
    this.#inHand.set(orgId, inHand + 1);
    try {
      return await this.#pool.run<Uint8Array>('render', { layout });
    } catch (error) {
      if (!(error instanceof WorkLimitError)) throw error;
      if (error.limit === 'queue') throw new HttpError('rate_limited', PDF_BUSY);
      throw new HttpError('query_timeout', PDF_TOO_LARGE);
    } finally {
      const left = (this.#inHand.get(orgId) ?? 1) - 1;
      if (left > 0) this.#inHand.set(orgId, left);
      else this.#inHand.delete(orgId);
    }
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}

/**
 * The event loop's side of drawing document PDFs (docs/architecture.md#heavy-work-off-the-event-loop):
 * a worker pool (platform/workers) running pdf-render-task.ts, so a document with a description of
 * megabytes slows its own PDF and nobody else's request. Each PDF runs under the pool's limits:
 * PDF_TIME_LIMIT_MS once a thread starts it, PDF_MEMORY_LIMIT_MB of heap, and at most
 * PDF_QUEUE waiting; past the queue the answer is 429 at once, past time or memory 422. The
 * pool holds nothing another server process needs; one per app, created with the PDF routes and
 * closed with the app (after the requests in flight are answered).
 */
import { HttpError } from '../../http/http-error.ts';
import { WorkerPool, WorkLimitError } from '../../platform/workers/worker-pool.ts';
import type { PdfLayout } from './pdf-render-task.ts';

/** A 10 MB description (the largest body) takes a few seconds on a quiet machine. */
export const PDF_TIME_LIMIT_MS = 60_000;
export const PDF_MEMORY_LIMIT_MB = 512;
/** PDFs that may wait for a thread: each holds its document's text meanwhile. */
export const PDF_QUEUE = 16;

export const PDF_BUSY = 'Too many PDFs are being made right now. Please try again in a minute.';
export const PDF_TOO_LARGE = 'This document is too large to be made into a PDF.';

/** The PDF threads of one app (pdf.routes.ts). */
export class PdfWork {
  readonly #pool: WorkerPool;

  constructor(threads?: number) {
    this.#pool = new WorkerPool({
      filename: new URL('./pdf-render-task.ts', import.meta.url).href,
      timeLimitMs: PDF_TIME_LIMIT_MS,
      memoryLimitMb: PDF_MEMORY_LIMIT_MB,
      maxQueue: PDF_QUEUE,
      ...(threads ? { threads } : {}),
    });
  }

  /** The PDF's bytes, drawn in a worker thread; 429 when too many wait, 422 past the time or memory limit. */
  async render(layout: PdfLayout): Promise<Uint8Array> {
    try {
      return await this.#pool.run<Uint8Array>('render', { layout });
    } catch (error) {
      if (!(error instanceof WorkLimitError)) throw error;
      if (error.limit === 'queue') throw new HttpError('rate_limited', PDF_BUSY);
      throw new HttpError('query_timeout', PDF_TOO_LARGE);
    }
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}

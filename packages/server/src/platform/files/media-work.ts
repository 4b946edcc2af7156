/**
 * The event loop's side of upload image and PDF work: a worker pool (platform/workers) running
 * media-worker.ts under a time limit (MEDIA_TIME_LIMIT_MS once started), a heap limit and a queue
 * limit. One per app, created when the files module is registered and closed with the app.
 */
import { WorkerPool } from '../workers/worker-pool.ts';
import { MEDIA_MEMORY_LIMIT_MB } from './media-limits.ts';
import type { PrepareResult, PrepareTask } from './media-worker.ts';

export interface MediaWorkSettings {
  timeLimitMs: number;
  /** Worker threads; default: the cores but one (at least one, at most four). */
  threads: number | undefined;
}

export class MediaWork {
  readonly #pool: WorkerPool;

  constructor(settings: MediaWorkSettings) {
    this.#pool = new WorkerPool({
      filename: new URL('./media-worker.ts', import.meta.url).href,
      timeLimitMs: settings.timeLimitMs,
      memoryLimitMb: MEDIA_MEMORY_LIMIT_MB,
      ...(settings.threads ? { threads: settings.threads } : {}),
    });
  }

  /** Scales and thumbnails one file in a worker; throws WorkLimitError past a limit. */
  prepare(task: PrepareTask): Promise<PrepareResult> {
    return this.#pool.run<PrepareResult>('prepare', { ...task });
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}

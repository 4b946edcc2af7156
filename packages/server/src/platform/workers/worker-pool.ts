/**
 * A pool of worker threads (piscina) for work whose cost grows with what a user sent: image
 * scaling, thumbnails, PDF pages. The event loop only hands a task over and waits, so one
 * hostile file can slow its own request, never another organisation's.
 *
 * Every task runs under three limits:
 * - **time**: measured from the moment a worker starts the task (the worker says so through a
 *   message port), so waiting in the queue behind other uploads does not eat the budget; past it
 *   the worker thread is terminated (piscina ends the thread an aborted task runs on) and a fresh
 *   one takes its place;
 * - **memory**: the threads' JavaScript heap is capped with `resourceLimits`, and while a task runs
 *   a watchdog reads its thread's heap statistics every 100 ms (answered even while the thread is
 *   busy) and ends it once heap plus external memory — the ArrayBuffers where a decompression
 *   bomb grows, which `resourceLimits` does not count — pass the same limit; either kills only
 *   that thread;
 * - **queue**: at most `maxQueue` tasks wait; more are refused at once rather than piling up.
 *
 * The pool holds no state another server process needs (tasks read and write files named by the
 * caller). It starts its threads at the first task (an app that never receives a file starts
 * none) and then keeps one: piscina 5 leaves queued tasks waiting forever when an aborted task's
 * thread was the last one (minThreads 0), which `worker-pool.test.ts` checks. `close()` ends them.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, threadId, type MessagePort, type Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';

export interface WorkerPoolOptions {
  /** The worker module (a file URL): its named exports are the tasks. */
  filename: string;
  /** Threads at most (default: the cores but one, at least one, at most four). */
  threads?: number;
  /** How long one task may run once started. */
  timeLimitMs: number;
  /** The JavaScript heap of each thread, in MB. */
  memoryLimitMb: number;
  /** Tasks that may wait for a thread. */
  maxQueue?: number;
}

export type WorkLimit = 'time' | 'memory' | 'queue';

/** A task was stopped by one of the pool's limits (its input is the likely cause). */
export class WorkLimitError extends Error {
  readonly limit: WorkLimit;

  constructor(limit: WorkLimit) {
    super(`The task exceeded the worker pool's ${limit} limit.`);
    this.name = 'WorkLimitError';
    this.limit = limit;
  }
}

/** What a task receives besides its own input: it posts on `started` first thing (see `taskStarted`). */
export interface TaskEnvelope {
  started: MessagePort;
}

/** Called by a task when it begins: starts its time limit and names its thread for the memory watchdog. */
export function taskStarted(envelope: TaskEnvelope): void {
  envelope.started.postMessage(threadId);
  envelope.started.close();
}

const WATCH_EVERY_MS = 100;

interface RunningTask {
  thread: Worker;
  stop: AbortController;
  checking: boolean;
}

export function defaultThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

export class WorkerPool {
  readonly #options: WorkerPoolOptions;
  #pool: Piscina | undefined;
  #closed = false;
  #inFlight = 0;
  readonly #running = new Set<RunningTask>();
  #watchdog: NodeJS.Timeout | undefined;

  constructor(options: WorkerPoolOptions) {
    this.#options = options;
  }

  #started(): Piscina {
    if (this.#closed) throw new Error('The worker pool is closed.');
    if (!this.#pool) {
      const threads = this.#options.threads ?? defaultThreads();
      this.#pool = new Piscina({
        filename: this.#options.filename,
        minThreads: 1,
        maxThreads: threads,
        idleTimeout: 30_000,
        // The lowest scheduling priority, set by piscina (@napi-rs/nice) before the task module
        // loads: on a busy machine the event loop's thread is served first.
        niceIncrement: 19,
        resourceLimits: { maxOldGenerationSizeMb: this.#options.memoryLimitMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
      // A thread that dies with no task of its own (e.g. out of memory while being ended for its
      // time) is reported here; its task was already answered. Unhandled, it would end the process.
      this.#pool.on('error', () => undefined);
    }
    return this.#pool;
  }

  /** Runs the task `name` of the worker module with `input`; throws WorkLimitError past a limit. */
  async run<Output>(name: string, input: Record<string, unknown>): Promise<Output> {
    const pool = this.#started();
    const threads = this.#options.threads ?? defaultThreads();
    if (this.#inFlight >= threads + (this.#options.maxQueue ?? threads * 50)) throw new WorkLimitError('queue');
    this.#inFlight++;
    const stop = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    let running: RunningTask | undefined;
    port1.once('message', (thread: number) => {
      timer = setTimeout(() => stop.abort(new WorkLimitError('time')), this.#options.timeLimitMs);
      const worker = pool.threads.find((candidate) => candidate.threadId === thread);
      if (worker) this.#watch((running = { thread: worker, stop, checking: false }));
    });
    try {
      return (await pool.run({ ...input, started: port2 }, { name, signal: stop.signal, transferList: [port2] })) as Output;
    } catch (error) {
      if (stop.signal.aborted) throw stop.signal.reason;
      const code = (error as { code?: string }).code;
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new WorkLimitError('memory');
      throw error;
    } finally {
      this.#inFlight--;
      clearTimeout(timer);
      port1.close();
      if (running) this.#unwatch(running);
    }
  }

  #watch(task: RunningTask): void {
    this.#running.add(task);
    this.#watchdog ??= setInterval(() => this.#checkMemory(), WATCH_EVERY_MS).unref();
  }

  #unwatch(task: RunningTask): void {
    this.#running.delete(task);
    if (this.#running.size === 0) {
      clearInterval(this.#watchdog);
      this.#watchdog = undefined;
    }
  }

  #checkMemory(): void {
    const limit = this.#options.memoryLimitMb * 1024 * 1024;
    for (const task of this.#running) {
      if (task.checking) continue;
      task.checking = true;
      task.thread
        .getHeapStatistics()
        .then((stats) => {
          if (stats.used_heap_size + stats.external_memory > limit) task.stop.abort(new WorkLimitError('memory'));
        })
        .catch(() => undefined) // the thread ended meanwhile
        .finally(() => (task.checking = false));
    }
  }

  /** Ends every thread (running tasks are abandoned); called when the app closes. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#watchdog);
    await this.#pool?.destroy();
  }
}

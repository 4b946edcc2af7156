/**
 * Schema work of the embedded database off the event loop (docs/architecture.md#reader-threads).
 * node:sqlite is synchronous: an index build on the main connection — 5 to 13 s for a type of
 * 1,000,000 documents — held the event loop for its whole length, so no request of any kind, not
 * even `/api/health` or a list the reader threads could have answered, was served meanwhile (issue
 * 18, bench/README.md, forty-first session). Such a script now runs on a connection of its own on
 * a worker thread, while the caller holds the main connection: writes, and any read on the main
 * connection, wait their turn as they did behind a build on it (and never meet the other
 * connection's write lock, which the main connection's busy handler would wait for synchronously),
 * while the event loop, the reader threads and everything they answer go on. A thread is started
 * for each piece of schema work (tens of ms against the seconds of a build), and is started and
 * connected before the main connection is held. Work of several steps (an index built in chunks:
 * sqlite-index-in-chunks.ts) keeps its thread for all of them as a session, holding the main
 * connection only for each step that writes, so writes go on between the steps.
 */
import { Worker } from 'node:worker_threads';
import type { SchemaWorkAnswer, SchemaWorkClose, SchemaWorkRequest, SchemaWorkSettings } from './sqlite-schema-worker.ts';
import { errorFromFields } from './worker-errors.ts';
import { plainNodeExecArgv } from '../workers/plain-node-threads.ts';

/** Holds the main connection for `work` (database.ts): writes wait until it settles. */
export type HoldWrites = (work: () => Promise<void>) => Promise<void>;

/** A schema thread's connection, kept for several steps (`openSchemaSession`). */
export interface SchemaSession {
  /**
   * Runs a script while the main connection is held: writes wait for it, and it never waits for
   * theirs. Answers how long the script itself ran, in ms. `editsSchema`: see `SchemaWorkRequest`.
   */
  write(script: string, options?: { editsSchema?: boolean }): Promise<number>;
  /** One statement's first row, read beside the writes (a reader never blocks a writer in WAL mode). */
  read<Row>(statement: string): Promise<Row | undefined>;
  /** Ends the thread; a session that failed is ended already. */
  close(): Promise<void>;
}

/**
 * Starts a schema thread and opens its connection (running `settings.warmUp`) before answering —
 * nothing is held meanwhile. Its steps run one at a time, in the order asked.
 */
export function openSchemaSession(settings: SchemaWorkSettings, holdWrites: HoldWrites): Promise<SchemaSession> {
  return new Promise((resolveOpen, rejectOpen) => {
    const worker = new Worker(new URL('./sqlite-schema-worker.ts', import.meta.url), {
      workerData: settings,
      execArgv: plainNodeExecArgv(),
    });
    /** The step waiting for its answer. */
    let pending: { resolve: (answer: Extract<SchemaWorkAnswer, { done: true }>) => void; reject: (error: Error) => void } | undefined;
    let opened = false;
    /** Set once the thread has failed or ended: every later step is refused with it. */
    let ended: Error | undefined;
    /** Steps run one after another, whoever asks. */
    let queue: Promise<unknown> = Promise.resolve();
    const fail = (error: Error) => {
      ended ??= error;
      if (!opened) return rejectOpen(error);
      const waiting = pending;
      pending = undefined;
      waiting?.reject(error);
    };
    const ask = (request: SchemaWorkRequest) =>
      new Promise<Extract<SchemaWorkAnswer, { done: true }>>((resolve, reject) => {
        // A thread that ended while the main connection was awaited has already answered: let go at once.
        if (ended) return reject(ended);
        pending = { resolve, reject };
        worker.postMessage(request);
      });
    const step = <T>(work: () => Promise<T>): Promise<T> => {
      const next = queue.then(work);
      queue = next.catch(() => undefined);
      return next;
    };
    const session: SchemaSession = {
      write: (script, options = {}) =>
        step(
          () =>
            // Settled from inside the hold, so what the caller does next comes before the writes that waited.
            new Promise<number>((resolve, reject) => {
              holdWrites(async () => {
                resolve((await ask({ sql: script, mode: 'exec', ...(options.editsSchema ? { editsSchema: true } : {}) })).ms);
              }).catch(reject);
            }),
        ),
      read: <Row>(statement: string) => step(async () => (await ask({ sql: statement, mode: 'get' })).row as Row | undefined),
      close: () =>
        step(async () => {
          if (ended) return;
          ended = new Error('This database schema session is closed.');
          await new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            worker.postMessage({ close: true } satisfies SchemaWorkClose);
          });
        }),
    };
    worker.on('message', (answer: SchemaWorkAnswer) => {
      if ('ready' in answer) {
        opened = true;
        return resolveOpen(session);
      }
      if ('error' in answer) {
        const error = errorFromFields(answer.error);
        if (!opened) return fail(error);
        const waiting = pending;
        pending = undefined;
        return waiting?.reject(error);
      }
      const waiting = pending;
      pending = undefined;
      waiting?.resolve(answer);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A database schema thread stopped before answering (exit code ${code}).`)));
  });
}

/**
 * Runs `script` on a thread of its own, inside `holdWrites` (which holds the main connection);
 * rejects with SQLite's message (and code) when it fails. The thread starts and opens its
 * connection before `holdWrites` is asked — 0.1–0.2 s the writes need not wait for.
 */
export async function runSchemaScriptOffLoop(settings: SchemaWorkSettings & { script: string }, holdWrites: HoldWrites): Promise<void> {
  const { script, ...connection } = settings;
  const session = await openSchemaSession(connection, holdWrites);
  // Done once the script is: the thread ends on its own time (what waited for the script goes first).
  await session.write(script).finally(() => void session.close().catch(() => undefined));
}

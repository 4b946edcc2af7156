/**
 * Schema work of the embedded database off the event loop (docs/architecture.md#reader-threads).
 * node:sqlite is synchronous: an index build on the main connection — 5 to 13 s for a type of
 * 1,000,000 documents — held the event loop for its whole length, so no request of any kind, not
 * even `/api/health` or a list the reader threads could have answered, was served meanwhile (issue
 * 18, bench/README.md, forty-first session). Such a script now runs on a connection of its own on
 * a worker thread, while the caller holds the main connection: writes, and any read on the main
 * connection, wait their turn as they did behind a build on it (and never meet the other
 * connection's write lock, which the main connection's busy handler would wait for synchronously),
 * while the event loop, the reader threads and everything they answer go on. Nothing is kept
 * between two scripts: a thread is started for each (tens of ms against the seconds of a build),
 * and is started and connected before the main connection is held.
 */
import { Worker } from 'node:worker_threads';
import type { SchemaWorkAnswer, SchemaWorkGo, SchemaWorkSettings } from './sqlite-schema-worker.ts';
import { errorFromFields } from './worker-errors.ts';

/**
 * Runs `settings.script` on a thread of its own, inside `holdWrites` (which holds the main
 * connection); rejects with SQLite's message (and code) when it fails. The thread starts and opens
 * its connection before `holdWrites` is asked — 0.1–0.2 s the writes need not wait for.
 */
export function runSchemaScriptOffLoop(
  settings: SchemaWorkSettings,
  holdWrites: (work: () => Promise<void>) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sqlite-schema-worker.ts', import.meta.url), { workerData: settings });
    /** The script's outcome, once the thread is told to go. */
    let outcome: { resolve: () => void; reject: (error: Error) => void } | undefined;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      if (outcome) outcome.reject(error);
      else reject(error);
    };
    worker.on('message', (answer: SchemaWorkAnswer) => {
      if ('ready' in answer) {
        holdWrites(
          () =>
            new Promise<void>((done, failed) => {
              // A thread that ended while the connection was awaited has already answered: let go at once.
              if (settled) return done();
              outcome = { resolve: done, reject: failed };
              worker.postMessage({ go: true } satisfies SchemaWorkGo);
            }),
        ).then(resolve, reject);
        return;
      }
      if ('done' in answer) {
        settled = true;
        outcome?.resolve();
      } else fail(errorFromFields(answer.error));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A database schema thread stopped before answering (exit code ${code}).`)));
  });
}

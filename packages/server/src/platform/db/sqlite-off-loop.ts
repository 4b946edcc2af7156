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
 * between two scripts: a thread is started for each (tens of ms against the seconds of a build).
 */
import { Worker } from 'node:worker_threads';
import type { SchemaWorkAnswer, SchemaWorkSettings } from './sqlite-schema-worker.ts';
import { errorFromFields } from './worker-errors.ts';

/** Runs `settings.script` on a thread of its own; rejects with SQLite's message (and code) when it fails. */
export function runSchemaScriptOffLoop(settings: SchemaWorkSettings): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sqlite-schema-worker.ts', import.meta.url), { workerData: settings });
    let answered = false;
    worker.on('message', (answer: SchemaWorkAnswer) => {
      answered = true;
      if ('done' in answer) resolve();
      else reject(errorFromFields(answer.error));
    });
    worker.on('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!answered) reject(new Error(`A database schema thread stopped before answering (exit code ${code}).`));
    });
  });
}

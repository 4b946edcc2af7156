/**
 * One schema script (an index build, an analysis) on a connection of its own, on a thread of its
 * own (sqlite-off-loop.ts says why): opens the embedded database's file for writing, runs the
 * warm-up read if any, answers `{ ready: true }`, and once told to go (the caller then holds the main connection) runs the
 * script, answers `{ done: true }` or `{ error }` and closes. Loaded by Node's own type stripping,
 * as the reader threads are (sqlite-read-worker.ts), so erasable TypeScript only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';
import { errorFieldsOf, type ErrorFields } from './worker-errors.ts';

export interface SchemaWorkSettings {
  path: string;
  /** The statements, run in order as one script (`DatabaseSync.exec`). */
  script: string;
  /**
   * A read run before the main connection is held, so the script finds the pages it reads in
   * memory (an index build's table, `runSchemaStatements`' `warmUp`).
   */
  warmUp?: string;
  /** `PRAGMA mmap_size = …` as the main connection runs it (database.ts, `sqliteMmapPragma`). */
  mmapPragma?: string;
}

/** `ready` once the connection is open (nothing held yet); then the script's outcome. */
export type SchemaWorkAnswer = { ready: true } | { done: true } | { error: ErrorFields };

/** Sent once the caller holds the main connection: run the script now. */
export interface SchemaWorkGo {
  go: true;
}

const port = parentPort;
if (!port) throw new Error('sqlite-schema-worker.ts runs only as a worker thread');
const settings = workerData as SchemaWorkSettings;
let database: DatabaseSync | undefined;

function finish(answer: SchemaWorkAnswer): void {
  database?.close();
  port!.postMessage(answer);
  port!.close();
}

try {
  database = new DatabaseSync(settings.path);
  // The main connection's settings: the same wait for the write lock, the same sort memory.
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA cache_size = -65536');
  database.exec('PRAGMA temp_store = MEMORY');
  // Its commit leaves the log to the checkpoint thread (sqlite-checkpoints.ts), like the main connection's.
  database.exec('PRAGMA wal_autocheckpoint = 0');
  if (settings.mmapPragma) database.exec(settings.mmapPragma);
  if (settings.warmUp) database.prepare(settings.warmUp).get();
  port.postMessage({ ready: true } satisfies SchemaWorkAnswer);
  port.once('message', () => {
    try {
      database!.exec(settings.script);
      finish({ done: true });
    } catch (error) {
      finish({ error: errorFieldsOf(error) });
    }
  });
} catch (error) {
  finish({ error: errorFieldsOf(error) });
}

/**
 * One schema script (an index build, an analysis) on a connection of its own, on a thread of its
 * own (sqlite-off-loop.ts says why): opens the embedded database's file for writing, runs the
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
  /** `PRAGMA mmap_size = …` as the main connection runs it (database.ts, `sqliteMmapPragma`). */
  mmapPragma?: string;
}

export type SchemaWorkAnswer = { done: true } | { error: ErrorFields };

const port = parentPort;
if (!port) throw new Error('sqlite-schema-worker.ts runs only as a worker thread');
const settings = workerData as SchemaWorkSettings;
let answer: SchemaWorkAnswer;
let database: DatabaseSync | undefined;
try {
  database = new DatabaseSync(settings.path);
  // The main connection's settings: the same wait for the write lock, the same sort memory.
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec('PRAGMA cache_size = -65536');
  database.exec('PRAGMA temp_store = MEMORY');
  // Its commit leaves the log to the checkpoint thread (sqlite-checkpoints.ts), like the main connection's.
  database.exec('PRAGMA wal_autocheckpoint = 0');
  if (settings.mmapPragma) database.exec(settings.mmapPragma);
  database.exec(settings.script);
  answer = { done: true };
} catch (error) {
  answer = { error: errorFieldsOf(error) };
} finally {
  database?.close();
}
port.postMessage(answer);

/**
 * Schema work (an index build, an analysis) on a connection of its own, on a thread of its own
 * (sqlite-off-loop.ts says why): opens the embedded database's file for writing, runs the warm-up
 * read if any, answers `{ ready: true }`, then runs each request it is sent — a script, or one
 * statement whose first row it answers — until told to close. Whoever sends a request that writes
 * holds the main connection meanwhile (sqlite-off-loop.ts). Loaded by Node's own type stripping,
 * as the reader threads are (sqlite-read-worker.ts), so erasable TypeScript only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { errorFieldsOf, type ErrorFields } from './worker-errors.ts';

export interface SchemaWorkSettings {
  path: string;
  /**
   * A read run before the main connection is first held, so the work finds the pages it reads in
   * memory (an index build's table, `runSchemaStatements`' `warmUp`).
   */
  warmUp?: string;
  /** `PRAGMA mmap_size = …` as the main connection runs it (database.ts, `sqliteMmapPragma`). */
  mmapPragma?: string;
}

/**
 * One piece of work: `exec` runs `sql` as a script (`DatabaseSync.exec`), `get` runs one statement
 * and answers its first row. `editsSchema` lets the script write `sqlite_schema` itself
 * (`PRAGMA writable_schema`, which node:sqlite's defensive mode forbids otherwise): only
 * sqlite-index-in-chunks.ts asks for it, for the one statement that turns a finished build into
 * the index.
 */
export interface SchemaWorkRequest {
  sql: string;
  mode: 'exec' | 'get';
  editsSchema?: boolean;
}

/** `ready` once the connection is open (nothing held yet); then each request's outcome, in order. */
export type SchemaWorkAnswer =
  { ready: true } | { done: true; ms: number; row?: Record<string, unknown> | undefined } | { error: ErrorFields };

/** Ends the thread (its connection closed first). */
export interface SchemaWorkClose {
  close: true;
}

const port = parentPort;
if (!port) throw new Error('sqlite-schema-worker.ts runs only as a worker thread');
const settings = workerData as SchemaWorkSettings;
let database: DatabaseSync | undefined;

function close(): void {
  database?.close();
  port!.close();
}

/** A script that failed inside its own transaction leaves it open: end it, so nothing it wrote stays or holds the lock. */
function rollBackIfOpen(connection: DatabaseSync): void {
  if (connection.isTransaction) connection.exec('ROLLBACK');
}

function run(connection: DatabaseSync, request: SchemaWorkRequest): SchemaWorkAnswer {
  const started = performance.now();
  if (request.editsSchema) connection.enableDefensive(false);
  try {
    if (request.mode === 'get') {
      const row = connection.prepare(request.sql).get() as Record<string, unknown> | undefined;
      return { done: true, ms: performance.now() - started, row };
    }
    connection.exec(request.sql);
    return { done: true, ms: performance.now() - started };
  } catch (error) {
    rollBackIfOpen(connection);
    return { error: errorFieldsOf(error) };
  } finally {
    if (request.editsSchema) connection.enableDefensive(true);
  }
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
  port.on('message', (message: SchemaWorkRequest | SchemaWorkClose) => {
    if ('close' in message) return close();
    port.postMessage(run(database!, message));
  });
} catch (error) {
  port.postMessage({ error: errorFieldsOf(error) } satisfies SchemaWorkAnswer);
  close();
}

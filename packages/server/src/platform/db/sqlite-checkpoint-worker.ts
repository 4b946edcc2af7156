/**
 * The embedded database's WAL checkpoints, on a thread of their own (sqlite-checkpoints.ts says
 * why): a connection of its own copies the committed frames of the write-ahead log into the
 * database file every `intervalMs`, PASSIVE (never waiting for a reader or the writer), and raises
 * `restartDue` once the log has grown to `longLogFrames`; when asked (the main thread then holds
 * the writer), a RESTART that copies the whole log so the next write starts it again; when told to
 * stop, one last checkpoint, and the connection closes. Loaded by Node's own type
 * stripping, as the reader threads are (sqlite-read-worker.ts), so erasable TypeScript only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';

export interface CheckpointSettings {
  path: string;
  intervalMs: number;
  /** Frames in the log (since it last started again) from which a restart is due. */
  longLogFrames: number;
  /** One Int32: 1 while a restart is due (read by the main thread without waiting for a message). */
  restartDue: SharedArrayBuffer;
}

/** What the thread tells the main one: each checkpoint's frames when they change (`CheckpointThread.last`), a restart's outcome, and its end. */
export type CheckpointMessage =
  { checkpointed: { log: number; copied: number } } | { restarted: { busy: boolean; log: number; copied: number } } | { stopped: true };

/** What the main thread asks: a restart of the log (while it holds the writer), or the end. */
export type CheckpointRequest = { restart: true } | { stop: true };

const port = parentPort;
if (!port) throw new Error('sqlite-checkpoint-worker.ts runs only as a worker thread');
const settings = workerData as CheckpointSettings;
const database = new DatabaseSync(settings.path);
// What a restart waits for the readers still in the log (PASSIVE never waits): the writes wait as
// long, so briefly; a restart that meets a long read is tried again a second later.
database.exec('PRAGMA busy_timeout = 250');
const RESTART_RETRY_MS = 1000;
// This connection writes nothing; were it ever to, it would not checkpoint on its own either.
database.exec('PRAGMA wal_autocheckpoint = 0');
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
// Copies every frame and waits (busy_timeout) for the readers still in the log, so that the next
// write starts the log again from its beginning.
const restart = database.prepare('PRAGMA wal_checkpoint(RESTART)');
const restartDue = new Int32Array(settings.restartDue);
let last = '';
/** The log's length a restart left: until a write starts it again, it reads the same and is not due again. */
let restartedAt = -1;
/** After a restart found a reader that stayed: not due again before then. */
let retryAt = 0;

function checkpointOnce(): void {
  try {
    const row = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    // Only when something changed: a quiet database sends nothing each tick.
    const now = `${row.log}/${row.checkpointed}`;
    if (now !== last) port!.postMessage({ checkpointed: { log: row.log, copied: row.checkpointed } });
    last = now;
    if (row.log >= settings.longLogFrames && row.log !== restartedAt && Date.now() >= retryAt) Atomics.store(restartDue, 0, 1);
  } catch {
    // Another checkpoint at the same moment (SQLITE_BUSY) or a passing I/O error: the next tick tries again.
  }
}

function restartOnce(): void {
  let outcome = { busy: true, log: -1, copied: -1 };
  try {
    const row = restart.get() as { busy: number; log: number; checkpointed: number };
    outcome = { busy: row.busy !== 0, log: row.log, copied: row.checkpointed };
    if (!outcome.busy) restartedAt = row.log;
  } catch {
    // A passing I/O error: as a reader that stayed.
  }
  if (outcome.busy) retryAt = Date.now() + RESTART_RETRY_MS;
  Atomics.store(restartDue, 0, 0);
  port!.postMessage({ restarted: outcome });
}

const timer = setInterval(checkpointOnce, settings.intervalMs);
port.on('message', (message: CheckpointRequest) => {
  if ('restart' in message) return restartOnce();
  clearInterval(timer);
  checkpointOnce();
  database.close();
  port.postMessage({ stopped: true });
  port.close();
});

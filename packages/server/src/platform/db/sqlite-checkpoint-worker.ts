/**
 * The embedded database's WAL checkpoints, on a thread of their own (sqlite-checkpoints.ts says
 * why): a connection of its own copies the committed frames of the write-ahead log into the
 * database file every `intervalMs`, PASSIVE (never waiting for a reader or the writer), until told
 * to stop; then one last checkpoint, and the connection closes. Loaded by Node's own type
 * stripping, as the reader threads are (sqlite-read-worker.ts), so erasable TypeScript only.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';

export interface CheckpointSettings {
  path: string;
  intervalMs: number;
}

/** What the thread tells the main one: each checkpoint's frames when they change (`CheckpointThread.last`), and its end. */
export type CheckpointMessage = { checkpointed: { log: number; copied: number } } | { stopped: true };

const port = parentPort;
if (!port) throw new Error('sqlite-checkpoint-worker.ts runs only as a worker thread');
const settings = workerData as CheckpointSettings;
const database = new DatabaseSync(settings.path);
database.exec('PRAGMA busy_timeout = 5000');
// This connection writes nothing; were it ever to, it would not checkpoint on its own either.
database.exec('PRAGMA wal_autocheckpoint = 0');
const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let last = '';

function checkpointOnce(): void {
  try {
    const row = checkpoint.get() as { busy: number; log: number; checkpointed: number };
    // Only when something changed: a quiet database sends nothing each tick.
    const now = `${row.log}/${row.checkpointed}`;
    if (now !== last) port!.postMessage({ checkpointed: { log: row.log, copied: row.checkpointed } });
    last = now;
  } catch {
    // Another checkpoint at the same moment (SQLITE_BUSY) or a passing I/O error: the next tick tries again.
  }
}

const timer = setInterval(checkpointOnce, settings.intervalMs);
port.on('message', (message: { stop?: true }) => {
  if (!message.stop) return;
  clearInterval(timer);
  checkpointOnce();
  database.close();
  port.postMessage({ stopped: true });
  port.close();
});

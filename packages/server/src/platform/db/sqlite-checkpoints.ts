/**
 * WAL checkpoints of the embedded database off the event loop (docs/architecture.md#reader-threads).
 * SQLite checkpoints on the connection that commits: once the log passes 1,000 pages, the commit
 * that passed it copies the log into the database file and syncs it, there and then. On the main
 * connection that was the event loop's time: every few hundred creates a copy of ~4 MB and an
 * fsync, and after an index build, whose thread's commit left tens of MB in the log, the next
 * create's copy of all of it (a 2.2 s stall of every request, `/api/health` included; bench/README.md,
 * forty-second session). So no serving connection checkpoints (`wal_autocheckpoint = 0`) and a
 * thread of its own does, PASSIVE, every `intervalMs`: it never waits for a reader or the writer,
 * and the writer still starts the log again from its beginning once a checkpoint has copied all of
 * it. 64 connections creating answered 928–1,075 creates/s with the thread against 837–914 with
 * checkpoints on the event loop (alternated rounds).
 */
import { Worker } from 'node:worker_threads';
import type { CheckpointMessage, CheckpointSettings } from './sqlite-checkpoint-worker.ts';

/** How often the thread checkpoints: a tick with nothing to copy reads the log's header only. */
export const CHECKPOINT_INTERVAL_MS = 100;

export interface CheckpointThread {
  /** The last checkpoint's figures: frames in the log, frames copied (null before the first). */
  readonly last: { log: number; copied: number } | null;
  /** Ends the thread after one last checkpoint; safe to call twice. */
  stop(): Promise<void>;
}

export function startCheckpointThread(settings: CheckpointSettings): CheckpointThread {
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), { workerData: settings });
  // The thread is not what keeps a process alive; `stop` ends it when the database closes.
  worker.unref();
  let last: { log: number; copied: number } | null = null;
  let stopping: Promise<void> | undefined;
  let exited = false;
  worker.once('exit', () => {
    exited = true;
  });
  worker.on('message', (message: CheckpointMessage) => {
    if ('checkpointed' in message) last = message.checkpointed;
  });
  // A thread that failed to open the file (removed under us) ends: the log then waits for the
  // last connection's close, as it would with no thread at all.
  worker.on('error', () => undefined);
  return {
    get last() {
      return last;
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        const done = () => resolve();
        worker.once('exit', done);
        worker.on('message', (message: CheckpointMessage) => {
          if ('stopped' in message) void worker.terminate().then(done, done);
        });
        worker.postMessage({ stop: true });
      });
      return stopping;
    },
  };
}

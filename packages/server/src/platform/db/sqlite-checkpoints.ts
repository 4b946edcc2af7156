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
 *
 * That start again needs a write to begin when a checkpoint has copied the whole log. A writer that
 * never pauses (a bulk load) always begins while the log still holds its last commit: the log grew
 * to 3.2 GB during the seed of 1,000,000 incidents (714 s, against 590 s with checkpoints on the
 * writer; with the restart 629 s, the log at most 73 MB: bench/README.md). So once the
 * log holds `longLogFrames` frames the thread raises a shared flag, and the next caller to take the
 * main connection (node-sqlite-dialect.ts, `HeldConnectionWork`) has the thread restart the log —
 * copy every frame, wait for the readers still in it — before it writes, awaiting the answer
 * asynchronously (the event loop goes on); its write starts the log from its beginning. Only a
 * writer the passive checkpoints cannot keep up with waits, for what its own checkpoints used to
 * cost it. A flag rather than a message: a loop of writes on the synchronous driver turns no
 * event-loop tick in which a message could arrive.
 */
import { Worker } from 'node:worker_threads';
import type { CheckpointMessage, CheckpointRequest, CheckpointSettings } from './sqlite-checkpoint-worker.ts';
import { plainNodeExecArgv } from '../workers/plain-node-threads.ts';

/** How often the thread checkpoints: a tick with nothing to copy reads the log's header only. */
export const CHECKPOINT_INTERVAL_MS = 100;

export interface CheckpointThread {
  /** The last checkpoint's figures: frames in the log, frames copied (null before the first). */
  readonly last: { log: number; copied: number } | null;
  /** Restarts of the log that copied it whole. */
  readonly restarts: number;
  /** The log has grown to `longLogFrames`: restart it before the next write. */
  restartDue(): boolean;
  /** Copies the whole log and waits for its readers, so the next write starts it again; the caller holds the writer. */
  restart(): Promise<void>;
  /** Ends the thread after one last checkpoint; safe to call twice. */
  stop(): Promise<void>;
}

export function startCheckpointThread(settings: Omit<CheckpointSettings, 'restartDue'>): CheckpointThread {
  const restartDue = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.ts', import.meta.url), {
    workerData: { ...settings, restartDue: restartDue.buffer } satisfies CheckpointSettings,
    execArgv: plainNodeExecArgv(),
  });
  // The thread is not what keeps a process alive; `stop` ends it when the database closes.
  worker.unref();
  let last: { log: number; copied: number } | null = null;
  let stopping: Promise<void> | undefined;
  let exited = false;
  let restarts = 0;
  /** The restart asked and not yet answered: its caller's resolve. */
  let answer: (() => void) | undefined;
  const post = (request: CheckpointRequest) => worker.postMessage(request);
  worker.once('exit', () => {
    exited = true;
    answer?.();
  });
  worker.on('message', (message: CheckpointMessage) => {
    if ('checkpointed' in message) last = message.checkpointed;
    if (!('restarted' in message)) return;
    if (!message.restarted.busy) restarts += 1;
    answer?.();
    answer = undefined;
  });
  // A thread that failed to open the file (removed under us) ends: the log then waits for the
  // last connection's close, as it would with no thread at all.
  worker.on('error', () => undefined);
  return {
    get last() {
      return last;
    },
    get restarts() {
      return restarts;
    },
    restartDue: () => Atomics.load(restartDue, 0) === 1 && !exited && !stopping,
    restart() {
      if (exited || stopping || answer) return Promise.resolve();
      return new Promise<void>((resolve) => {
        answer = resolve;
        post({ restart: true });
      });
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        const done = () => resolve();
        worker.once('exit', done);
        worker.on('message', (message: CheckpointMessage) => {
          if ('stopped' in message) void worker.terminate().then(done, done);
        });
        post({ stop: true });
      });
      return stopping;
    },
  };
}

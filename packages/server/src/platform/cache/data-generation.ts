/**
 * One process-wide counter that moves whenever stored data may have changed. Answer caches
 * (the principal cache, the list-answer cache) tag each entry with the counter they saw *before*
 * computing it and serve it only while the counter is unchanged, so a write that lands while an
 * answer is being computed makes that answer unservable.
 *
 * Who moves it:
 * - the change-tracking Kysely plugin, after every statement that writes a table answers depend on;
 * - the HTTP layer after every mutating request (after its commit, before its answer is sent);
 * - the job worker after every job (after its commit);
 * - other processes sharing PostgreSQL, through LISTEN/NOTIFY (`pg-change-notify.ts`).
 *
 * One counter for every organisation on purpose: coarse, but it cannot miss a dependency (a
 * user's name changes the labels of every organisation they belong to). Caches also expire by
 * time, which bounds what a write by a process that cannot notify us (another process on the same
 * SQLite file) can leave stale.
 */

let generation = 0;
const localListeners = new Set<() => void>();

export function dataGeneration(): number {
  return generation;
}

/** A change made by this process: invalidates the caches and tells other processes. */
export function bumpDataGeneration(): void {
  generation += 1;
  for (const listener of localListeners) listener();
}

/** A change another process told us about: invalidates only (no echo back to the others). */
export function bumpDataGenerationFromPeer(): void {
  generation += 1;
}

/** Called on each local change (the PostgreSQL notifier publishes from here). */
export function onLocalDataChange(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

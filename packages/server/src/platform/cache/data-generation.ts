/**
 * One process-wide counter that moves whenever stored data may have changed. Answer caches
 * (the principal cache, the list-answer cache) tag each entry with the counter they saw *before*
 * computing it and serve it only while the counter is unchanged, so a write that lands while an
 * answer is being computed makes that answer unservable.
 *
 * Who moves it:
 * - the change-tracking Kysely plugin, after every statement that writes a table answers depend on
 *   (and the access generation below too when that table is one principals are read from);
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
let accessCounter = 0;
let accessWrites = 0;
const localListeners = new Set<() => void>();

export function dataGeneration(): number {
  return generation;
}

/**
 * A second counter for the principal cache alone: it moves only when a table a principal is read
 * from may have changed (`ACCESS_TABLES`: accounts, sessions, memberships, organisations, access
 * entries), so the document writes of a busy organisation leave its members' principals cached.
 * Every move of the access generation moves the data generation too; not the other way round.
 */
export function accessGeneration(): number {
  return accessCounter;
}

/** The tables a principal is read from (http/request-context.ts and the grants repository). */
export const ACCESS_TABLES: ReadonlySet<string> = new Set([
  'identities',
  'refresh_tokens',
  'memberships',
  'organisations',
  'acl_entries',
  'acl_members',
]);

/**
 * A change made by this process: invalidates the caches and tells other processes. `data` is a
 * change that no table of `ACCESS_TABLES` took part in (the change-tracking plugin knows).
 */
export function bumpDataGeneration(scope: 'all' | 'data' = 'all'): void {
  generation += 1;
  if (scope === 'all') {
    accessCounter += 1;
    accessWrites += 1;
  }
  for (const listener of localListeners) listener();
}

/** A change another process told us about: invalidates only (no echo back to the others). */
export function bumpDataGenerationFromPeer(): void {
  generation += 1;
  accessCounter += 1;
}

/** Where the count of this process's access changes stands: taken before a unit of work whose commit comes later. */
export function accessChangeMark(): number {
  return accessWrites;
}

/**
 * After a commit (of a request's writes, of a job's): the data generation moves, and the access
 * generation too if an access change was made since `mark` — by this work or by another whose
 * commit may not have come yet, which is why a count and not a flag: the statement's own bump
 * came before its commit, when a principal read on another connection still saw the old rows.
 */
export function bumpAfterCommit(mark: number): void {
  generation += 1;
  // Not counted as an access change itself: under a steady stream of overlapping requests each
  // would otherwise pass the bump on to the next for ever.
  if (accessWrites !== mark) accessCounter += 1;
  for (const listener of localListeners) listener();
}

/** Called on each local change (the PostgreSQL notifier publishes from here). */
export function onLocalDataChange(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/**
 * After a new release the server holds only the new build's files, so a tab opened before it fails
 * to load the next screen's code ('Failed to fetch dynamically imported module …'). Reloading
 * fetches the new build and the screen opens; doing it once, not on every failure, leaves a real
 * outage on the crash page with its Reload button (docs/product/forms-and-lists.md#messages).
 */

/** Chromium, Firefox and Safari's words for a module or its CSS that could not be fetched. */
const STALE_CHUNK =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

const RELOADED_AT = 'docket.reloadedForNewBuild';
/** A reload within this long of the last one is not tried again: the new build failed too. */
const RETRY_AFTER_MS = 60_000;

export function isStaleBuildError(error: unknown): boolean {
  return error instanceof Error && STALE_CHUNK.test(error.message);
}

/** Reloads the page unless it was reloaded for this within the last minute; true when it did. */
export function reloadOnceForNewBuild(storage: Storage, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(RELOADED_AT) ?? 0);
  if (now - last < RETRY_AFTER_MS) return false;
  storage.setItem(RELOADED_AT, String(now));
  reload();
  return true;
}

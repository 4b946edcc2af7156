/**
 * The shell's own reads (the document types of the Forms menu and the pickers, the mail
 * connectors, the todo summary of the account badge) wait while the screen the user signed in to
 * reads its first content: on the dashboard they would share the browser's connections and, when
 * they answer, the main thread with the figures (docs/product/reporting.md#dashboard). The
 * dashboard's prefetch holds them; the dashboard releases them on the frame after its figures (or
 * its message) painted, and a hold never lasts longer than `MAX_HOLD_MS`, so a screen that never
 * paints cannot keep the menu empty.
 */
import { useSyncExternalStore } from 'react';

export const MAX_HOLD_MS = 3000;

let isHeld = false;
let holdTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setHeld(next: boolean): void {
  if (isHeld === next) return;
  isHeld = next;
  listeners.forEach((listener) => listener());
}

/** Holds the shell's reads until `releaseSecondaryReads` or `MAX_HOLD_MS`. */
export function holdSecondaryReads(): void {
  clearTimeout(holdTimer);
  holdTimer = setTimeout(releaseSecondaryReads, MAX_HOLD_MS);
  setHeld(true);
}

export function releaseSecondaryReads(): void {
  clearTimeout(holdTimer);
  holdTimer = undefined;
  setHeld(false);
}

/**
 * The hold is for the dashboard's first figures only: a user who moves to another screen before
 * they painted gets the Forms menu at once, not after `MAX_HOLD_MS` of an empty menu.
 */
export function releaseSecondaryReadsOffDashboard(isOnDashboard: boolean): void {
  if (!isOnDashboard) releaseSecondaryReads();
}

/** Whether the shell's reads are held now. */
export function areSecondaryReadsHeld(): boolean {
  return isHeld;
}

/** False while the screen's first content is being read: pass as a query's `enabled`. */
export function useSecondaryReadsAllowed(): boolean {
  return !useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, areSecondaryReadsHeld);
}

import { useSyncExternalStore } from 'react';
import { sessionStore } from './instance.ts';
import type { StoredSession } from './session-store.ts';

/** The stored tokens and organisation in context; re-renders when the session starts or ends. */
export function useStoredSession(): StoredSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

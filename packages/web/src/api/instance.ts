import i18next from 'i18next';
import { ApiClient } from './client.ts';
import { SessionStore, memoryStorage } from './session-store.ts';
import type { KeyValueStorage } from './session-store.ts';

function browserStorage(): KeyValueStorage {
  try {
    localStorage.setItem('docket.probe', '1');
    localStorage.removeItem('docket.probe');
    return localStorage;
  } catch {
    // Private modes may refuse storage: the app still works, the session just won't persist.
    return memoryStorage();
  }
}

/** The browser's one session store and API client. */
export const sessionStore = new SessionStore(browserStorage());

// A sign-out or sign-in in another tab changes storage: follow it here too.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === 'docket.session') sessionStore.reload();
});

/*
 * A refused refresh clears the session with its error_description as the reason; the private
 * layout's guard then sends the user to `#/login?message=…` — one place decides that redirect.
 */
/** The language the user reads the app in, sent as Accept-Language (docs/architecture.md#refusal-languages). */
export const userLanguage = (): string => i18next.resolvedLanguage ?? i18next.language;

export const apiClient = new ApiClient({ store: sessionStore, language: userLanguage });

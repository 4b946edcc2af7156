import type { OrganisationRef, TokenAnswer } from '@docket/shared';

/** What the browser keeps between visits (docs/product/identities-and-sign-in.md#sign-in). */
export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds; informative only, the server's 401 is what triggers a refresh. */
  expiresAt: number;
  appId: string | null;
  organisations: OrganisationRef[];
}

/** The part of the Web Storage API we use, so tests can pass a plain in-memory map. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

type Listener = () => void;

const LAST_APP_KEY = 'docket.lastApp';

/**
 * Session tokens and the organisation in context, persisted in local storage. Subscribable so
 * React can re-render (useSyncExternalStore) when another part of the app — the API client after
 * a rejected refresh, or another tab — ends the session.
 */
export class SessionStore {
  private cached: StoredSession | null | undefined;
  private listeners = new Set<Listener>();
  /** Why the last session ended, when it was not a plain sign-out (e.g. a rejected refresh). */
  private clearReason: string | null = null;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly key = 'docket.session',
  ) {}

  get = (): StoredSession | null => {
    if (this.cached === undefined) this.cached = this.read();
    return this.cached;
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts a session from a token answer, keeping the last organisation when still a member. */
  startFromTokens(answer: TokenAnswer): StoredSession {
    const lastApp = this.storage.getItem(LAST_APP_KEY);
    const isMember = answer.organisations.some((o) => o.app_id === lastApp);
    const appId = isMember ? lastApp : (answer.organisations[0]?.app_id ?? null);
    this.clearReason = null;
    return this.write({ ...tokenFields(answer), appId, organisations: answer.organisations });
  }

  /** Stores rotated tokens after a refresh; the organisation in context stays. */
  updateTokens(answer: TokenAnswer): void {
    const current = this.get();
    if (!current) return;
    const organisations = answer.organisations?.length ? answer.organisations : current.organisations;
    this.write({ ...current, ...tokenFields(answer), organisations });
  }

  /** After accepting an invitation: the new organisation joins the list and becomes the one in context. */
  joinOrganisation(organisation: OrganisationRef): void {
    const current = this.get();
    if (!current) return;
    const organisations = current.organisations.some((o) => o.app_id === organisation.app_id)
      ? current.organisations
      : [...current.organisations, organisation];
    this.storage.setItem(LAST_APP_KEY, organisation.app_id);
    this.write({ ...current, organisations, appId: organisation.app_id });
  }

  setAppId(appId: string): void {
    const current = this.get();
    if (!current) return;
    this.storage.setItem(LAST_APP_KEY, appId);
    this.write({ ...current, appId });
  }

  clear(reason: string | null = null): void {
    this.clearReason = reason;
    this.storage.removeItem(this.key);
    this.cached = null;
    this.emit();
  }

  lastClearReason(): string | null {
    return this.clearReason;
  }

  /** Re-reads storage after another tab changed it. */
  reload(): void {
    this.cached = this.read();
    this.emit();
  }

  private write(session: StoredSession): StoredSession {
    this.storage.setItem(this.key, JSON.stringify(session));
    if (session.appId) this.storage.setItem(LAST_APP_KEY, session.appId);
    this.cached = session;
    this.emit();
    return session;
  }

  private read(): StoredSession | null {
    const raw = this.storage.getItem(this.key);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<StoredSession>;
      if (typeof parsed.accessToken !== 'string' || typeof parsed.refreshToken !== 'string') return null;
      return {
        accessToken: parsed.accessToken,
        refreshToken: parsed.refreshToken,
        expiresAt: Number(parsed.expiresAt) || 0,
        appId: typeof parsed.appId === 'string' ? parsed.appId : null,
        organisations: Array.isArray(parsed.organisations) ? parsed.organisations : [],
      };
    } catch {
      // A corrupt entry is treated as no session rather than crashing the app on load.
      return null;
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

function tokenFields(answer: TokenAnswer): Pick<StoredSession, 'accessToken' | 'refreshToken' | 'expiresAt'> {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: Date.now() + answer.expires_in * 1000,
  };
}

/** An in-memory storage for tests and for browsers that refuse local storage. */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

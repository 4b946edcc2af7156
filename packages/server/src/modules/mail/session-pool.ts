/**
 * Idle mail sessions kept open for a short while (docs/product/mail.md#sessions), so paging
 * through a folder or opening one message after another does not log in to the mail server on
 * every call. Only a cache: a call takes an idle session out (or opens one), uses it alone, and
 * puts it back if it is still usable; nothing here is shared with another server process, and a
 * call behaves the same whether it found a session or opened one.
 *
 * A session is kept under the connector's id AND a digest of its settings and sealed secret, so a
 * changed connector never gets a session opened with its old settings or password; changing or
 * removing a connector also closes this process's idle sessions at once. An idle session closes
 * after IDLE_MS; at most MAX_IDLE wait per connector.
 */
import { createHash } from 'node:crypto';
import type { MailSession } from './mail-provider.ts';

/** How long an unused session stays open. */
export const SESSION_IDLE_MS = 30_000;
/** Idle sessions kept per connector (a few concurrent calls; more are closed when done). */
const MAX_IDLE = 2;

export interface PooledConnector {
  id: number;
  settings: unknown;
  secret: string | null;
}

interface IdleSession {
  session: MailSession;
  timer: NodeJS.Timeout;
}

export class MailSessionPool {
  readonly #idle = new Map<string, IdleSession[]>();
  readonly #idleMs: number;
  #closed = false;

  constructor(idleMs = SESSION_IDLE_MS) {
    this.#idleMs = idleMs;
  }

  static keyOf(connector: PooledConnector): string {
    const digest = createHash('sha256')
      .update(JSON.stringify(connector.settings))
      .update('\u0000')
      .update(connector.secret ?? '')
      .digest('base64url');
    return `${connector.id}:${digest}`;
  }

  /** An idle, still usable session for the key, or undefined (the caller then opens one). */
  take(key: string): MailSession | undefined {
    const list = this.#idle.get(key);
    while (list && list.length > 0) {
      const entry = list.pop()!;
      clearTimeout(entry.timer);
      if (entry.session.isUsable()) return entry.session;
      void entry.session.close().catch(() => undefined);
    }
    this.#idle.delete(key);
    return undefined;
  }

  /** Returns a session after a call: kept for IDLE_MS when usable and there is room, else closed. */
  give(key: string, session: MailSession): void {
    const list = this.#idle.get(key) ?? [];
    if (this.#closed || !session.isUsable() || list.length >= MAX_IDLE) {
      void session.close().catch(() => undefined);
      return;
    }
    const entry: IdleSession = {
      session,
      timer: setTimeout(() => this.#expire(key, entry), this.#idleMs).unref(),
    };
    list.push(entry);
    this.#idle.set(key, list);
  }

  /** Closes the idle sessions of a connector (changed or removed). */
  forget(connectorId: number): void {
    for (const key of [...this.#idle.keys()]) if (key.startsWith(`${connectorId}:`)) this.#drop(key);
  }

  /** How many sessions wait, for tests and the benchmark. */
  idleCount(connectorId?: number): number {
    let count = 0;
    for (const [key, list] of this.#idle) if (connectorId === undefined || key.startsWith(`${connectorId}:`)) count += list.length;
    return count;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const sessions = [...this.#idle.values()].flat();
    this.#idle.clear();
    for (const entry of sessions) clearTimeout(entry.timer);
    await Promise.all(sessions.map((entry) => entry.session.close().catch(() => undefined)));
  }

  #expire(key: string, entry: IdleSession): void {
    const list = this.#idle.get(key);
    if (!list) return;
    const index = list.indexOf(entry);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.#idle.delete(key);
    void entry.session.close().catch(() => undefined);
  }

  #drop(key: string): void {
    for (const entry of this.#idle.get(key) ?? []) {
      clearTimeout(entry.timer);
      void entry.session.close().catch(() => undefined);
    }
    this.#idle.delete(key);
  }
}

const pools = new WeakMap<object, MailSessionPool>();

/** The pool of one app (keyed by its context object); closed with the app (mail.routes.ts). */
export function sessionPoolOf(owner: object): MailSessionPool {
  let pool = pools.get(owner);
  if (!pool) pools.set(owner, (pool = new MailSessionPool()));
  return pool;
}

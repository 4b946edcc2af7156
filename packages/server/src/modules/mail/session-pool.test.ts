import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailSession } from './mail-provider.ts';
import { MailSessionPool } from './session-pool.ts';

/** A stand-in session: usable until closed (by the pool or, as a server would, from outside). */
function fakeSession(): MailSession & { closed: boolean } {
  const session = {
    closed: false,
    isUsable: () => !session.closed,
    close: async () => {
      session.closed = true;
    },
  };
  return session as unknown as MailSession & { closed: boolean };
}

const connector = { id: 7, settings: { host: 'imap.example.org', port: 993 }, secret: 'sealed-1' };

// docs/product/mail.md#sessions: kept sessions are a cache, per connector and per settings.
describe('mail session pool', () => {
  afterEach(() => vi.useRealTimers());

  it('hands back a kept session, and none once its idle time has passed (closing it)', () => {
    vi.useFakeTimers();
    const pool = new MailSessionPool(1_000);
    const key = MailSessionPool.keyOf(connector);
    const session = fakeSession();
    pool.give(key, session);
    expect(pool.take(key)).toBe(session);
    expect(pool.take(key)).toBeUndefined();
    pool.give(key, session);
    vi.advanceTimersByTime(1_001);
    expect(session.closed).toBe(true);
    expect(pool.take(key)).toBeUndefined();
  });

  it('never hands out a session for other settings or another secret', () => {
    const pool = new MailSessionPool();
    pool.give(MailSessionPool.keyOf(connector), fakeSession());
    expect(pool.take(MailSessionPool.keyOf({ ...connector, secret: 'sealed-2' }))).toBeUndefined();
    expect(pool.take(MailSessionPool.keyOf({ ...connector, settings: { ...connector.settings, port: 143 } }))).toBeUndefined();
    expect(pool.take(MailSessionPool.keyOf({ ...connector, id: 8 }))).toBeUndefined();
    expect(pool.idleCount(7)).toBe(1);
  });

  it('drops a session closed while it waited, keeps at most two, and closes all of a forgotten connector', async () => {
    const pool = new MailSessionPool();
    const key = MailSessionPool.keyOf(connector);
    const [a, b, c] = [fakeSession(), fakeSession(), fakeSession()];
    pool.give(key, a);
    pool.give(key, b);
    pool.give(key, c);
    expect(c.closed).toBe(true);
    await b.close();
    expect(pool.take(key)).toBe(a);
    pool.give(key, a);
    pool.forget(connector.id);
    expect(a.closed).toBe(true);
    expect(pool.idleCount()).toBe(0);
  });

  it('closes what it keeps when the app closes, and keeps nothing afterwards', async () => {
    const pool = new MailSessionPool();
    const key = MailSessionPool.keyOf(connector);
    const [kept, late] = [fakeSession(), fakeSession()];
    pool.give(key, kept);
    await pool.close();
    expect(kept.closed).toBe(true);
    pool.give(key, late);
    expect(late.closed).toBe(true);
    expect(pool.take(key)).toBeUndefined();
  });
});

/**
 * Named prepared statements for PostgreSQL reads. Kysely sends every query unnamed, so the server
 * parses and plans each one again; with the documents table's many partial expression indexes
 * (one per `indexed` field of every type) planning costs more than running a list page (0.3–8 ms
 * against ~1 ms). Naming a SELECT lets each connection parse it once and lets PostgreSQL's plan
 * cache switch to a generic plan when that is no worse (`plan_cache_mode`, plan-cache-mode.ts).
 *
 * The same text always gets the same name (node-postgres requires it), the set of names is bounded
 * (beyond `MAX_NAMED` texts, queries run unnamed as before), and only statements that start with
 * SELECT are named: a write is planned once per run anyway. A read that starts with WITH (the
 * reporting facts, SQLite's anchored merge) is not named either: naming one changes how its plan is
 * cached, and none has been measured that way (a list page with common tables of its references was
 * planned afresh on every run until named: bench/README.md, fifty-fourth session).
 *
 * A text is named at its second run, not its first. Names are never freed (each connection keeps
 * what it parsed), so texts that run once (a page's labels for an unusual number of authors, a
 * filter one user typed) would otherwise fill the slots for good and leave the lists that run all
 * day unnamed and planned afresh on every run (docs/architecture.md#named-statements).
 *
 * A name parsed before another process's migration changed a column it answers fails on its
 * connection from then on (`isStalePlan`): the read runs again unnamed and the connection is
 * closed when released, so the pool heals instead of failing that list until a restart.
 */
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { asDatabaseError, DatabaseUnavailableError } from './connection-loss.ts';

const MAX_NAMED = 2000;
/** Texts run once so far, waiting for a second run to be named; forgotten all at once when full. */
const MAX_SEEN_ONCE = 2000;
const NAMEABLE = /^\s*select\b/i;

const names = new Map<string, string>();
const seenOnce = new Set<string>();

export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name) return name;
  if (names.size >= MAX_NAMED || !NAMEABLE.test(text)) return undefined;
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= MAX_SEEN_ONCE) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  name = `docket_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * A named statement parsed before a table it reads changed the type or collation of a column it
 * answers (another process's migration, in a rolling upgrade): PostgreSQL refuses to run it again
 * on that connection ("cached plan must not change result type", SQLSTATE 0A000), every time.
 */
export function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && /cached plan must not change result type/.test(message);
}

export function preparedStatementPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  /** Clients to close when released: the server ended their connection under a query (connection-loss.ts), or their named statements went stale (`isStalePlan`). */
  const lost = new WeakSet<pg.PoolClient>();
  const noteLoss = (client: pg.PoolClient) => (error: unknown) => {
    const thrown = asDatabaseError(error);
    if (thrown instanceof DatabaseUnavailableError) lost.add(client);
    throw thrown;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      const onError = noteLoss(client);
      wrapper = {
        query: ((textOrCursor: unknown, parameters?: readonly unknown[]) => {
          if (typeof textOrCursor !== 'string') return client.query(textOrCursor as pg.Submittable);
          const name = statementName(textOrCursor);
          const values = parameters ? [...parameters] : [];
          if (!name) return client.query(textOrCursor, values).catch(onError);
          return client.query({ name, text: textOrCursor, values }).catch((error: unknown) => {
            if (!isStalePlan(error)) return onError(error);
            // The connection goes with its stale statements when released; this read runs again
            // unnamed, unless a transaction it was part of has failed with it.
            lost.add(client);
            if (client.getTransactionStatus() === 'I') return client.query(textOrCursor, values).catch(onError);
            throw new DatabaseUnavailableError(error);
          });
        }) as unknown as PostgresPoolClient['query'],
        // The server says why it ends a connection before its socket closes: a client released
        // in between would go back to the pool looking usable and fail the next request too.
        release: () => client.release(lost.has(client) ? new Error('The database connection was lost') : undefined),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => {
      try {
        return wrap(await pool.connect());
      } catch (error) {
        throw asDatabaseError(error);
      }
    },
    end: () => pool.end(),
  };
}

/**
 * Cross-process invalidation on PostgreSQL: every process LISTENs on one channel per database
 * schema (processes serving the same data share it; another deployment or test file in another
 * schema of the same server does not wake our caches), and publishes a
 * NOTIFY (coalesced: at most one per event-loop turn) when it changed data, so the others' caches
 * drop their entries at once instead of at their time limit. A process ignores its own messages.
 * When the listening connection breaks, it reconnects after a second; in between, caches still
 * expire by time.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { bumpDataGenerationFromPeer, onLocalDataChange } from './data-generation.ts';

const CHANNEL_PREFIX = 'docket_data_changes';
const RECONNECT_MS = 1000;

/** The channel of one schema's data (`schema` is checked as an identifier by the caller). */
export function changeChannelOf(schema: string | undefined): string {
  return schema ? `${CHANNEL_PREFIX}_${schema}` : CHANNEL_PREFIX;
}

export interface ChangeNotifier {
  close(): Promise<void>;
}

export function startPgChangeNotifier(
  connectionString: string | undefined,
  schema?: string,
  onError: (error: Error) => void = () => {},
): ChangeNotifier {
  const self = randomUUID();
  const channel = changeChannelOf(schema);
  let client: pg.Client | undefined;
  let closed = false;
  let pending = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    // Named beside the pool's connections in pg_stat_activity (database.ts).
    const next = new pg.Client({ connectionString, application_name: schema ? `docket listen ${schema}` : 'docket listen' });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== self) bumpDataGenerationFromPeer();
    });
    next.on('error', (error) => {
      onError(error);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      // A channel name cannot be a parameter: it is quoted as an identifier (and built only from
      // our prefix and a schema name checked when the database was opened).
      await next.query('LISTEN ' + next.escapeIdentifier(channel));
      if (closed) return void (await next.end().catch(() => undefined));
      client = next;
      // What changed while we were not listening is unknown: treat it as a change.
      bumpDataGenerationFromPeer();
    } catch (error) {
      onError(error as Error);
      await next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, RECONNECT_MS);
    reconnectTimer.unref();
  };

  // One NOTIFY at a time on the listening connection (pg refuses overlapping queries on one
  // client): changes made while one is in flight are told by one more after it.
  let isSending = false;
  let hasMore = false;
  const publish = async () => {
    if (isSending) return void (hasMore = true);
    isSending = true;
    try {
      do {
        hasMore = false;
        await client?.query('SELECT pg_notify($1, $2)', [channel, self]);
      } while (hasMore && client);
    } catch (error) {
      onError(error as Error);
    } finally {
      isSending = false;
    }
  };

  const unsubscribe = onLocalDataChange(() => {
    if (pending || !client) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      void publish();
    });
  });

  void connect();

  return {
    async close() {
      closed = true;
      unsubscribe();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

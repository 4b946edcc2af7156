/**
 * PostgreSQL ending Docket's connections (docs/architecture.md, "Lost connections"): an idle
 * pooled connection ended by the server is a log line and the next request opens a new one (it
 * used to end the process: an unheard 'error' on the pool); a request whose connection is ended
 * under its statement answers 503 with Retry-After, and the one after it answers as usual.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { DATABASE_UNAVAILABLE_MESSAGE } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('lost PostgreSQL connections', () => {
  let t: TestApp;
  let admin: pg.Client;
  let token: string;
  let applicationName: string;
  let distinct = 0;

  beforeAll(async () => {
    t = await startTestApp('postgres', { jobs: false });
    token = (await t.signIn('admin@demo.local')).access;
    applicationName = `docket ${t.ctx.database.pgSchema}`;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  // Each request distinct, so no answer cache serves it without the database.
  const list = () => t.as(token, { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent(`id <> -${++distinct}`)}&count=5` });

  const OUR_IDLE_BACKENDS = "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle'";
  const OURS_WAITING_FOR_US =
    'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND pg_blocking_pids(pid) @> ARRAY[pg_backend_pid()]';
  // Inside a transaction pg_stat_activity answers the snapshot its first read took: clear it first.
  const ourBackends = async (query: string) => {
    await admin.query('SELECT pg_stat_clear_snapshot()');
    return (await admin.query<{ pid: number }>(query, [applicationName])).rows;
  };

  const terminate = async (pids: { pid: number }[]) => {
    for (const { pid } of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  };

  it('survives the server ending its idle connections, and the next request answers', async () => {
    expect((await list()).statusCode).toBe(200);
    const idle = await ourBackends(OUR_IDLE_BACKENDS);
    expect(idle.length).toBeGreaterThan(0);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await terminate(idle);
      // Each ended connection is told apart, once the server's goodbye reaches its socket.
      await vi.waitFor(
        () =>
          expect(warn.mock.calls.filter(([line]) => /^A PostgreSQL connection was closed by the server/.test(String(line)))).toHaveLength(
            idle.length,
          ),
        {
          timeout: 5_000,
        },
      );
    } finally {
      warn.mockRestore();
    }
    const again = await list();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toHaveProperty('dataAr');
  });

  it('answers 503 with Retry-After when the connection is ended under its statement, then recovers', async () => {
    const table = `${admin.escapeIdentifier(t.ctx.database.pgSchema!)}.documents`;
    await admin.query('BEGIN');
    let answer: Awaited<ReturnType<typeof list>>;
    try {
      await admin.query('LOCK TABLE ' + table + ' IN ACCESS EXCLUSIVE MODE');
      const pending = list();
      let waiting: { pid: number }[] = [];
      await vi.waitFor(
        async () => {
          waiting = await ourBackends(OURS_WAITING_FOR_US);
          expect(waiting.length).toBeGreaterThan(0);
        },
        { timeout: 5_000 },
      );
      await terminate(waiting);
      answer = await pending;
    } finally {
      await admin.query('ROLLBACK');
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('2');
    expect(answer.json()).toEqual({ error: true, code: 'database_unavailable', error_description: DATABASE_UNAVAILABLE_MESSAGE });
    expect((await list()).statusCode).toBe(200);
  });
});

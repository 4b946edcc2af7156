/**
 * WAL checkpoints of the embedded database off the event loop (docs/architecture.md#reader-threads):
 * no serving connection checkpoints on its commit, a thread of its own copies the log into the
 * database file — shown by a copy of the file alone, without its log, holding what was written —
 * a log that grows past its length under a writer that never pauses is restarted, and closing the
 * database stops the thread and leaves no log behind.
 */
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

/** Rows of about 1 KB: a few MB of log, past SQLite's own 1,000-page checkpoint threshold. */
const ROWS = 4_000;

describe('WAL checkpoints of the embedded database on a thread of their own', () => {
  it('leaves the log to the thread, which copies it into the file; closing stops it and removes the log', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'docket-checkpoints-'));
    try {
      const path = join(folder, 'docket.sqlite');
      const database = await openDatabase({ sqlitePath: path, readThreads: 1 });
      const { db } = database;
      expect(database.walCheckpoints).toBeDefined();
      const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db);
      expect(autocheckpoint.rows[0]!.wal_autocheckpoint).toBe(0);

      await sql`CREATE TABLE checkpoint_probe (id INTEGER PRIMARY KEY, data TEXT NOT NULL)`.execute(db);
      for (let from = 0; from < ROWS; from += 500) {
        await sql`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 500)
          INSERT INTO checkpoint_probe (data) SELECT hex(randomblob(512)) FROM c`.execute(db);
      }
      // The database file alone, without its log, comes to hold every row: the thread copied the
      // log into it. (A copy taken while a checkpoint writes may be torn: it is taken again.)
      const copy = join(folder, 'copy.sqlite');
      const rowsInTheFileAlone = async () => {
        await copyFile(path, copy);
        const alone = new DatabaseSync(copy, { readOnly: true });
        try {
          return (alone.prepare('SELECT count(*) AS n FROM checkpoint_probe').get() as { n: number }).n;
        } catch {
          return -1;
        } finally {
          alone.close();
        }
      };
      // The thread's message of that checkpoint may arrive after the file holds the rows: both are awaited.
      const copiedAndTold = (rows: number) => rows === ROWS && (database.walCheckpoints?.last?.log ?? 0) > 0;
      let rows = await rowsInTheFileAlone();
      for (const until = Date.now() + 10_000; !copiedAndTold(rows) && Date.now() < until; rows = await rowsInTheFileAlone()) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(rows).toBe(ROWS);
      expect(database.walCheckpoints?.last?.log).toBeGreaterThan(0);

      await database.close();
      await expect(stat(`${path}-wal`)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('restarts a log the passive checkpoints let grow, holding the writes meanwhile, and loses none', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'docket-checkpoints-'));
    try {
      const path = join(folder, 'docket.sqlite');
      // A log of 64 frames is long here: a few statements of 500 rows of 1 KB pass it.
      const database = await openDatabase({ sqlitePath: path, readThreads: 1, walRestartFrames: 64 });
      const { db } = database;
      await sql`CREATE TABLE checkpoint_probe (id INTEGER PRIMARY KEY, data TEXT NOT NULL)`.execute(db);
      // A writer that never pauses, as a bulk load: the passive checkpoints alone rarely catch up.
      let statements = 0;
      for (const until = Date.now() + 10_000; database.walCheckpoints!.restarts < 2 && Date.now() < until; statements++) {
        await sql`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 500)
          INSERT INTO checkpoint_probe (data) SELECT hex(randomblob(512)) FROM c`.execute(db);
      }
      expect(database.walCheckpoints!.restarts).toBeGreaterThanOrEqual(2);
      const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM checkpoint_probe`.execute(db);
      expect(rows.rows[0]!.n).toBe(statements * 500);
      await database.close();
      await expect(stat(`${path}-wal`)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('has no thread for an in-memory database', async () => {
    const database = await openDatabase({ sqlitePath: ':memory:' });
    expect(database.walCheckpoints).toBeUndefined();
    await database.close();
  });
});

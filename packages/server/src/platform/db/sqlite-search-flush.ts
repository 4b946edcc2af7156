/**
 * Writes the embedded database's full-text index for a whole transaction at its commit
 * (migration 030 says why: FTS5 wrote a segment per statement when triggers kept it). The
 * triggers note each changed document in `documents_fts_pending`; here, inside the same
 * transaction, the noted old values leave the index, the documents' present values enter it (a
 * deleted document has none), and the notes are cleared. A write outside any transaction (an
 * autocommit statement) is flushed right after it, in a transaction of its own: until then the
 * notes keep the index and the documents coherent, so a late flush is only a late search hit.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** What the main connection runs at the end of its writes (node-sqlite-dialect.ts). */
export interface WriteEnd {
  /** Inside the transaction, just before its commit. */
  beforeCommit(): void;
  /** After a write made outside any transaction. */
  afterAutocommitWrite(): void;
}

interface FlushStatements {
  anyPending: StatementSync;
  removeOld: StatementSync;
  addPresent: StatementSync;
  clear: StatementSync;
}

export function searchIndexFlush(database: DatabaseSync): WriteEnd {
  let statements: FlushStatements | undefined;
  /** Prepared once the table exists (migrations run on this same connection first). */
  const prepared = (): FlushStatements | undefined => {
    if (statements) return statements;
    const exists = database.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'documents_fts_pending'`).get();
    if (!exists) return undefined;
    statements = {
      anyPending: database.prepare('SELECT EXISTS (SELECT 1 FROM documents_fts_pending) AS any'),
      removeOld: database.prepare(
        `INSERT INTO documents_fts (documents_fts, rowid, summary, descrip, display_id, ref)
         SELECT 'delete', id, summary, descrip, display_id, ref FROM documents_fts_pending WHERE indexed = 1`,
      ),
      // `IN`, not a join: the join's plan scanned every document (0.5 s a flush on 1,000,000).
      addPresent: database.prepare(
        `INSERT INTO documents_fts (rowid, summary, descrip, display_id, ref)
         SELECT id, summary, descrip, display_id, coalesce(ref, '') FROM documents WHERE id IN (SELECT id FROM documents_fts_pending)`,
      ),
      clear: database.prepare('DELETE FROM documents_fts_pending'),
    };
    return statements;
  };
  /** The statements when a note waits; none when none does, or the table is gone (migration 030 undone). */
  const pending = (): FlushStatements | undefined => {
    const s = prepared();
    if (!s) return undefined;
    try {
      return (s.anyPending.get() as { any: number }).any ? s : undefined;
    } catch {
      statements = undefined;
      return undefined;
    }
  };
  const flush = (): boolean => {
    const s = pending();
    if (!s) return false;
    s.removeOld.run();
    s.addPresent.run();
    s.clear.run();
    return true;
  };
  return {
    beforeCommit: () => void flush(),
    afterAutocommitWrite() {
      if (!pending()) return;
      // The write is stored already: a flush that fails leaves the notes, which the next commit
      // writes, rather than failing a write that succeeded.
      try {
        database.exec('BEGIN IMMEDIATE');
      } catch {
        return;
      }
      try {
        flush();
        database.exec('COMMIT');
      } catch {
        database.exec('ROLLBACK');
      }
    },
  };
}

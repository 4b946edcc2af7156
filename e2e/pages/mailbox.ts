import { DatabaseSync } from 'node:sqlite';
import { testServerDatabase } from './test-server-data.ts';

/**
 * The last message e-mailed to `address`, as its mailbox receives it: read straight from the test
 * server's embedded outbox table (no SMTP server is configured here). Links that set a password
 * (invitations, sign-up) are no organisation's to read, so `$$outbox` does not show them.
 */
export function lastMailTo(address: string): string {
  const path = testServerDatabase;
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const row = db.prepare('SELECT body FROM outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1').get(address) as
      { body: string | null } | undefined;
    return row?.body ?? '';
  } finally {
    db.close();
  }
}

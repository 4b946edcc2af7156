import { DatabaseSync } from 'node:sqlite';
import { testServerDatabase } from './test-server-data.ts';

/**
 * Writes keys of the demo organisation's settings straight into the test server's embedded
 * database (the settings screens are tested on their own): only the keys given change, the
 * others are kept. The server reads these settings on every translation request.
 */
export function setDemoSettings(keys: Record<string, string | boolean>): void {
  const path = testServerDatabase;
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    const entries = Object.entries(keys);
    const paths = entries.map(() => '?, json(?)').join(', ');
    const values = entries.flatMap(([key, value]) => [`$.${key}`, JSON.stringify(value)]);
    db.prepare(`UPDATE organisations SET settings = json_set(coalesce(settings, '{}'), ${paths}) WHERE app_id = 'demo'`).run(...values);
  } finally {
    db.close();
  }
}

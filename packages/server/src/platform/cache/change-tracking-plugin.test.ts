import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnly } from '../../test-support/compile-only.ts';
import { isTrackedWrite } from './change-tracking-plugin.ts';

interface Db {
  documents: { id: number; summary: string };
  logs: { id: number; summary: string };
  rate_limits: { key: string };
}

const db = compileOnly<Db>('sqlite');

describe('which statements move the data generation', () => {
  it('writes to tables that answers read', () => {
    expect(isTrackedWrite(db.insertInto('documents').values({ id: 1, summary: 'x' }).toOperationNode())).toBe(true);
    expect(isTrackedWrite(db.updateTable('documents').set({ summary: 'y' }).toOperationNode())).toBe(true);
    expect(isTrackedWrite(db.updateTable('documents as d').set({ summary: 'y' }).toOperationNode())).toBe(true);
    expect(isTrackedWrite(db.deleteFrom('documents').toOperationNode())).toBe(true);
    expect(isTrackedWrite(sql`UPDATE documents SET summary = 'z'`.toOperationNode())).toBe(true);
  });

  it('not reads, nor writes to logs, rate limits or jobs', () => {
    expect(isTrackedWrite(db.selectFrom('documents').selectAll().toOperationNode())).toBe(false);
    expect(isTrackedWrite(sql`SELECT 1`.toOperationNode())).toBe(false);
    expect(isTrackedWrite(sql` with x as (select 1) select * from x`.toOperationNode())).toBe(false);
    const union = sql.join([sql`SELECT 1`, sql`SELECT 2`], sql` UNION ALL `);
    expect(isTrackedWrite(sql`${union}`.toOperationNode())).toBe(false);
    expect(isTrackedWrite(sql`${sql.join([sql`DELETE FROM documents`])}`.toOperationNode())).toBe(true);
    expect(isTrackedWrite(db.insertInto('logs').values({ id: 1, summary: 'x' }).toOperationNode())).toBe(false);
    expect(isTrackedWrite(db.deleteFrom('rate_limits').toOperationNode())).toBe(false);
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnly } from '../../test-support/compile-only.ts';
import { writeKindOf } from './change-tracking-plugin.ts';

const isTrackedWrite = (node: Parameters<typeof writeKindOf>[0]) => writeKindOf(node) !== 'none';

interface Db {
  documents: { id: number; summary: string };
  acl_entries: { id: number; site_id: number };
  identities: { uuid: string; active: number };
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

describe('which writes move the access generation (the principal cache) as well', () => {
  it('writes to a table principals are read from', () => {
    expect(writeKindOf(db.updateTable('acl_entries').set({ site_id: 2 }).toOperationNode())).toBe('access');
    expect(writeKindOf(db.updateTable('identities as i').set({ active: 0 }).toOperationNode())).toBe('access');
    expect(writeKindOf(db.deleteFrom('acl_entries').toOperationNode())).toBe('access');
  });

  it('a raw write, whose tables are not known, counts as one', () => {
    expect(writeKindOf(sql`UPDATE documents SET summary = 'z'`.toOperationNode())).toBe('access');
  });

  it('not document writes, nor reads, nor writes no answer reads', () => {
    expect(writeKindOf(db.insertInto('documents').values({ id: 1, summary: 'x' }).toOperationNode())).toBe('data');
    expect(writeKindOf(db.updateTable('documents').set({ summary: 'y' }).toOperationNode())).toBe('data');
    expect(writeKindOf(db.selectFrom('acl_entries').selectAll().toOperationNode())).toBe('none');
    expect(writeKindOf(db.insertInto('logs').values({ id: 1, summary: 'x' }).toOperationNode())).toBe('none');
  });
});

/**
 * PostgreSQL compares the documents' dates in byte order (migration 031; docs/architecture.md,
 * "Dates compare as bytes"): the columns carry the "C" collation, the list indexes holding them
 * were rebuilt with it (list-shape-plans.int.test.ts pins that lists still read them in order),
 * and a list by creation date answers in time order with ties by id, as on the embedded database.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { DOCUMENT_DATE_COLUMNS } from './migrations/031-dates-in-byte-order.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('dates in byte order on postgres', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
  });
  afterAll(async () => test.drop());

  it('gives every date column of the documents the "C" collation', async () => {
    const { rows } = await sql<{ column: string; collation: string }>`
      SELECT a.attname AS column, c.collname AS collation
      FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation
      WHERE a.attrelid = to_regclass('documents') AND a.attname IN (${sql.join([...DOCUMENT_DATE_COLUMNS])})
      ORDER BY a.attname`.execute(test.database.db);
    expect(rows).toEqual([...DOCUMENT_DATE_COLUMNS].sort().map((column) => ({ column, collation: 'C' })));
  });

  it('keeps the indexes holding them in the same byte order as the column', async () => {
    const { rows } = await sql<{ index: string; collation: string }>`
      SELECT i.relname AS index, c.collname AS collation
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_attribute a ON a.attrelid = x.indexrelid AND a.attname = 'created_date'
      JOIN pg_collation c ON c.oid = a.attcollation
      WHERE x.indrelid = to_regclass('documents')`.execute(test.database.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.collation !== 'C')).toEqual([]);
  });
});

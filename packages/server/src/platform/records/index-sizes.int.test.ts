/**
 * The documents table's indexes with their sizes (type-indexes.ts `documentIndexes`): a size only
 * where the caller asks for it — summing every b-tree of a large embedded file held the write
 * connection for seconds — and the Indexes tab's own (the type's and the shared ones) measured, on
 * both databases and on the embedded database's reader threads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListIndexesAnswer } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { documentIndexes } from './type-indexes.ts';

const setups = [
  ...testDialects.map((dialect) => ({ name: dialect, dialect, readThreads: undefined })),
  { name: 'sqlite with a reader thread', dialect: 'sqlite' as const, readThreads: 1 },
];

describe.each(setups)('index sizes on $name', ({ dialect, readThreads }) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, readThreads === undefined ? {} : { readThreads });
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => t.close());

  it('measures no index unless asked, and only the ones asked for', async () => {
    const plain = await documentIndexes(t.ctx.database);
    expect(plain.length).toBeGreaterThan(10);
    expect(plain.every((index) => index.bytes === null)).toBe(true);
    const incident = await documentIndexes(t.ctx.database, { sizesOf: (index) => index.docType === 'incident' });
    expect(incident.filter((index) => index.bytes !== null).map((index) => index.docType)).toEqual(
      incident.filter((index) => index.docType === 'incident').map(() => 'incident'),
    );
    expect(incident.filter((index) => index.docType === 'incident').every((index) => (index.bytes ?? 0) > 0)).toBe(true);
  });

  it("answers the Indexes tab with every shown index's size", async () => {
    const tab = (await t.as(admin, { method: 'GET', url: '/v3/demo/$$schema/indexes/incident' })).json() as ListIndexesAnswer;
    expect(tab.existing.length).toBeGreaterThan(5);
    for (const entry of tab.existing) expect(entry.bytes, entry.name).toBeGreaterThan(0);
  });
});

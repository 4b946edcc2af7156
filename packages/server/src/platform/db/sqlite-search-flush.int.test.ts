/**
 * The embedded database's full-text index written at each commit (migration 030,
 * sqlite-search-flush.ts): creates that share a group commit, an edit and a delete in one
 * transaction with a savepoint rolled back, and a write outside any transaction all leave the
 * index exactly what the documents hold (FTS5's own integrity check compares the two), searchable
 * as soon as the write is answered, and no note left behind; so do the triggers migration 030's
 * `down` puts back, and its `up` again.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { deferredSearchIndexMigration } from './migrations/030-deferred-search-index.ts';

describe('the full-text index of the embedded database, written at each commit', () => {
  let t: TestApp;
  let admin: string;
  let siteId: number;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = (await t.signIn('admin@demo.local')).access;
    siteId = (await t.as(admin, { method: 'GET', url: '/v3/demo/site?count=1' })).json().dataAr[0].id;
  });
  afterAll(async () => t.close());

  const db = () => t.ctx.database.db;
  /** Ids of the documents whose indexed text matches (the index alone, as search reads it). */
  const matching = async (words: string) =>
    (
      await sql<{ rowid: number }>`SELECT rowid FROM documents_fts WHERE documents_fts MATCH ${words} ORDER BY rowid`.execute(db())
    ).rows.map((row) => Number(row.rowid));
  /** FTS5 compares its index with the documents table: throws when they differ. */
  const indexAgreesWithDocuments = () => sql`INSERT INTO documents_fts (documents_fts, rank) VALUES ('integrity-check', 1)`.execute(db());
  const notesLeft = async () =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM documents_fts_pending`.execute(db())).rows[0]!.n);
  const create = async (summary: string) => {
    const answer = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/incident',
      payload: { category: 'Injury', summary, descrip: 'Noted', site_id: siteId },
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: number };
  };

  it('indexes creates that share one commit, each found as soon as it is answered', async () => {
    const created = await Promise.all(Array.from({ length: 12 }, (_, n) => create(`Quokka sighting number ${n}`)));
    expect(await matching('quokka')).toEqual(created.map((doc) => doc.id).sort((a, b) => a - b));
    await indexAgreesWithDocuments();
    expect(await notesLeft()).toBe(0);
  });

  it('indexes an edit and a delete made in one transaction, and forgets a savepoint rolled back', async () => {
    const [kept, edited, deleted] = [await create('Wombat burrow'), await create('Wombat crossing'), await create('Wombat fence')];
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('documents').set({ summary: 'Platypus crossing' }).where('id', '=', edited.id).execute();
        // Edited twice before the commit: the index held the first text, and gets the last.
        await trx.updateTable('documents').set({ summary: 'Platypus crossing, fenced' }).where('id', '=', edited.id).execute();
        await trx.deleteFrom('documents').where('id', '=', deleted.id).execute();
        await sql`SAVEPOINT probe`.execute(trx);
        await trx.updateTable('documents').set({ summary: 'Echidna burrow' }).where('id', '=', kept.id).execute();
        await sql`ROLLBACK TO SAVEPOINT probe`.execute(trx);
        await sql`RELEASE SAVEPOINT probe`.execute(trx);
      });
    expect(await matching('wombat')).toEqual([kept.id]);
    expect(await matching('platypus AND fenced')).toEqual([edited.id]);
    expect(await matching('echidna')).toEqual([]);
    await indexAgreesWithDocuments();
    expect(await notesLeft()).toBe(0);
  });

  it('indexes a write made outside any transaction right after it', async () => {
    const doc = await create('Kookaburra nest');
    await db().updateTable('documents').set({ summary: 'Lyrebird nest' }).where('id', '=', doc.id).execute();
    expect(await matching('lyrebird')).toEqual([doc.id]);
    expect(await matching('kookaburra')).toEqual([]);
    await indexAgreesWithDocuments();
    expect(await notesLeft()).toBe(0);
  });

  it('is found through the search call as soon as its create is answered', async () => {
    const doc = await create('Bandicoot tracks');
    const find = async (words: string) =>
      ((await t.as(admin, { method: 'GET', url: `/v3/demo/search?query=${words}` })).json() as { dataAr: { id: number }[] }).dataAr.map(
        (row) => row.id,
      );
    expect(await find('bandicoot')).toEqual([doc.id]);
  });

  it('keeps the index in step after migration 030 is undone and done again', async () => {
    const migration = deferredSearchIndexMigration(t.ctx.database);
    const schema = db() as unknown as Kysely<unknown>;
    await migration.down!(schema);
    try {
      const before = await create('Dingo den');
      expect(await matching('dingo')).toEqual([before.id]);
      await indexAgreesWithDocuments();
    } finally {
      await migration.up(schema);
    }
    const after = await create('Dingo trail');
    expect((await matching('dingo')).length).toBe(2);
    expect(await matching('trail')).toEqual([after.id]);
    await indexAgreesWithDocuments();
    expect(await notesLeft()).toBe(0);
  });
});

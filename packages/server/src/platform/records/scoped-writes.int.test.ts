/**
 * Repository writes hold their scope's row filter in the SQL itself (docs/product/access.md): a
 * row outside an update or delete scope, or in another organisation, is simply not written, even
 * when a caller skips every check before the call. And a write does not compile with the scope of
 * another action (the `@ts-expect-error` lines below fail the typecheck if it ever does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import type { Tables } from '../db/tables.ts';
import { builtinTypeByName, fieldCatalogOf, type DocumentSchema, type Grant } from '@docket/shared';
import { authorize, authorizeMerge, type DocumentAction } from '../access/authorize.ts';
import { AccessScope } from '../access/access-scope.ts';
import { rolesOf, type Principal } from '../access/principal.ts';
import { placesOf } from '../../test-support/access-fixtures.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import type { TypeScope } from './document-query.ts';
import { deleteDocumentTree, setDocumentAttachments, updateDocumentRow } from './documents.repository.ts';
import { reassignDocumentPeople } from './documents-maintenance.repository.ts';

const incident = builtinTypeByName('incident')!;

function principalWith(orgId: number, grant: Partial<Grant>, uuid = 'scoped-writer'): Principal {
  const grants: Grant[] = [
    {
      module: null,
      roles: ['editor'],
      level: 4,
      create: true,
      delete: true,
      doc_types: null,
      scope: 1,
      region_id: null,
      site_id: null,
      ...grant,
    },
  ];
  return {
    uuid,
    displayName: uuid,
    email: `${uuid}@x`,
    org: { id: orgId, appId: 'demo', company: 'Demo' },
    grants,
    roles: rolesOf(grants),
  };
}

function scopeOf<A extends DocumentAction>(principal: Principal, type: DocumentSchema, action: A): TypeScope<A> {
  const decision = authorize(principal, type, action);
  if (!decision.allowed) throw new Error(decision.reason);
  return { docType: type.type, scope: decision.scope, catalog: fieldCatalogOf(type, { canSeeProtected: true }) };
}

describe.each(testDialects)('scoped repository writes on %s', (dialect) => {
  let t: TestApp;
  let orgId: number;
  let atA: number;
  let atB: number;
  let siteA: number;

  const row = (id: number) => t.ctx.database.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
  const inTransaction = <T>(work: (trx: Transaction<Tables>) => Promise<T>) => t.ctx.database.db.transaction().execute(work);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const places = await placesOf(t, 'demo');
    orgId = places.orgId;
    const [a, b] = [...places.sites.values()];
    siteA = a!;
    const admin = (await t.signIn('admin@demo.local')).access;
    const create = async (siteId: number) => {
      const created = await t.as(admin, {
        method: 'POST',
        url: '/v3/demo/incident',
        payload: { summary: `At ${siteId}`, descrip: 'x', incident_date: '2026-03-01T09:00:00.000Z', category: 'Injury', site_id: siteId },
      });
      expect(created.statusCode).toBe(201);
      return created.json().id as number;
    };
    atA = await create(a!);
    atB = await create(b!);
  });
  afterAll(async () => t.close());

  it('updates a row inside the update scope and leaves one outside it untouched', async () => {
    const editorAtA = principalWith(orgId, { scope: 3, site_id: siteA });
    const part = scopeOf(editorAtA, incident, 'update');
    expect(part.scope.rowFilter).not.toBeNull();
    const [inside, outside] = await inTransaction(async (trx) => [
      await updateDocumentRow(t.ctx.database, trx, part, atA, 1, { summary: 'Edited inside' }),
      await updateDocumentRow(t.ctx.database, trx, part, atB, 1, { summary: 'Edited outside' }),
    ]);
    expect([inside, outside]).toEqual([true, false]);
    expect(await row(atA)).toMatchObject({ summary: 'Edited inside', version: 2 });
    expect(await row(atB)).toMatchObject({ summary: `At ${(await row(atB))!.site_id}`, version: 1 });
    const attached = await inTransaction((trx) => setDocumentAttachments(t.ctx.database, trx, part, atB, '[{"name":"x"}]'));
    expect(attached).toBe(false);
    expect((await row(atB))!.attachments).not.toContain('"x"');
  });

  it('deletes nothing outside the delete scope', async () => {
    const deleterAtA = principalWith(orgId, { scope: 3, site_id: siteA });
    const removed = await inTransaction((trx) => deleteDocumentTree(t.ctx.database, trx, scopeOf(deleterAtA, incident, 'delete'), atB));
    expect(removed).toEqual([]);
    expect(await row(atB)).toBeDefined();
  });

  it("writes nothing in another organisation, even with an administrator's unrestricted scope", async () => {
    const acme = await placesOf(t, 'acme');
    const acmeAdmin = principalWith(acme.orgId, { level: 6, roles: ['administrator'] }, 'acme-admin');
    const part = scopeOf(acmeAdmin, incident, 'update');
    expect(part.scope.rowFilter).toBeNull();
    expect(await inTransaction((trx) => updateDocumentRow(t.ctx.database, trx, part, atB, 1, { summary: 'Cross-tenant' }))).toBe(false);
    expect(await inTransaction((trx) => deleteDocumentTree(t.ctx.database, trx, scopeOf(acmeAdmin, incident, 'delete'), atB))).toEqual([]);
    const merge = authorizeMerge(acmeAdmin);
    expect(merge.allowed).toBe(true);
    const author = (await row(atB))!.created_by;
    const moved = await inTransaction((trx) => reassignDocumentPeople(trx, (merge as { scope: AccessScope<'merge'> }).scope, author, 'x'));
    expect(moved).toBe(0);
    expect((await row(atB))!.summary).not.toBe('Cross-tenant');
  });

  it('refuses a merge scope to a member who may not administer users', () => {
    expect(authorizeMerge(principalWith(orgId, { scope: 3, site_id: siteA })).allowed).toBe(false);
  });
});

/** Compile-time only: never called. Each line must stay a type error. */
export function scopesOfOtherActionsDoNotCompile(t: TestApp, principal: Principal) {
  const read = scopeOf(principal, incident, 'read');
  const update = scopeOf(principal, incident, 'update');
  return t.ctx.database.db.transaction().execute(async (trx) => {
    // @ts-expect-error a read scope cannot update
    await updateDocumentRow(t.ctx.database, trx, read, 1, 1, {});
    // @ts-expect-error an update scope cannot delete
    await deleteDocumentTree(t.ctx.database, trx, update, 1);
    // @ts-expect-error a read scope cannot change attachments
    await setDocumentAttachments(t.ctx.database, trx, read, 1, '[]');
    // @ts-expect-error an update scope cannot merge identities
    await reassignDocumentPeople(trx, update.scope, 'a', 'b');
    // The named bypass states its action and reason.
    await updateDocumentRow(t.ctx.database, trx, { ...update, scope: AccessScope.system(1, 'update', 'typing example') }, 1, 1, {});
  });
}

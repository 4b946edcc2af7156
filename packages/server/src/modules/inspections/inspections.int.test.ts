/**
 * Inspections from checklist templates and the actions they raise, on both databases
 * (docs/product/documents-and-schemas.md#inspections,
 * docs/product/workflow-and-timeline.md#tracked-actions): the template's revision is copied on
 * start and kept, the score is the server's, editors start inspections only where they may
 * create, a Poor item raises one child action (also before the inspection was ever saved) that
 * reaches its owner's todo, a bad action stores nothing, and another organisation's checklist
 * cannot be used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { regionOf, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

interface Item {
  key: string;
  title: string;
  value?: number;
  na?: boolean;
  action_descrip?: string;
  action_id?: number;
  [key: string]: unknown;
}

describe.each(testDialects)('inspections on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let acmeAdmin: string;
  let templateId: number;

  const template = {
    title: 'Warehouse walk',
    type: 'audit',
    category: 'Quality',
    revision: 1,
    items: [
      { category: 'Housekeeping', title: 'Aisles clear', items: [{ title: 'Any pallets in the aisles?' }] },
      { category: 'Housekeeping', title: 'Old item', hidden: true },
      { category: 'Fire', title: 'Extinguishers', children: [{ title: 'Tagged this month' }] },
    ],
  };
  const start = (token: string, extra: Record<string, unknown> = {}, app = 'demo') =>
    t.as(token, {
      method: 'POST',
      url: `/v3/${app}/inspection`,
      payload: { template_id: templateId, site_id: cast.siteA, region_id: regionOf.get(cast.siteA), ...extra },
    });
  const save = (token: string, doc: Record<string, unknown>, items: Item[]) =>
    t.as(token, { method: 'PUT', url: `/v3/demo/inspection/${doc.id as number}`, payload: { ...doc, items } });
  const childrenOf = async (token: string, id: number) =>
    (await t.as(token, { method: 'GET', url: `/doc/${id}/children` })).json().dataAr as {
      id: number;
      doc_type: string;
      display_id: string;
      summary: string;
      actionee_ids: string[];
      due_date: string;
      parent_id: number;
      status: string;
    }[];
  const countOf = async (type: string) =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('doc_type', '=', type)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    cast = await workflowCast(t);
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
    const created = await t.as(cast.tokens.admin, { method: 'POST', url: '/v3/demo/survey', payload: template });
    expect(created.statusCode, created.body).toBe(201);
    templateId = created.json().id;
  });
  afterAll(async () => t.close());

  it("copies the template's revision into a new inspection, whatever words the body sends, and scores it", async () => {
    const response = await start(cast.tokens.editorA, {
      items: [
        { key: '0', title: 'Words from the client', value: 5 },
        { key: '2.0', na: true },
        { key: '99', value: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const doc = response.json();
    expect(doc.template).toEqual({
      id: templateId,
      display_id: expect.stringMatching(/^CHK-/),
      title: 'Warehouse walk',
      type: 'audit',
      category: 'Quality',
      revision: 1,
    });
    expect(doc.items).toEqual([
      { key: '0', category: 'Housekeeping', title: 'Aisles clear', questions: ['Any pallets in the aisles?'], value: 5, na: false },
      { key: '2', category: 'Fire', title: 'Extinguishers', na: false },
      { key: '2.0', category: 'Fire', title: 'Tagged this month', na: true },
    ]);
    expect(doc.score).toEqual({ achieved: 5, maximum: 10, answered: 1, applicable: 2, percent: 50 });
    expect(doc.score_percent).toBe(50);
    expect(doc.summary).toContain('Warehouse walk');
  });

  it('keeps the revision it started from when the template changes', async () => {
    const doc = (await start(cast.tokens.editorA)).json();
    const current = (await t.as(cast.tokens.admin, { method: 'GET', url: `/v3/demo/survey/${templateId}` })).json();
    const revised = await t.as(cast.tokens.admin, {
      method: 'PUT',
      url: `/v3/demo/survey/${templateId}`,
      payload: { ...current, title: 'Warehouse walk v2', revision: 2, items: [{ category: 'New', title: 'Brand new question' }] },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    const items = (doc.items as Item[]).map((item) => ({ ...item, value: 3 }));
    const saved = await save(cast.tokens.editorA, doc, items);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().template).toMatchObject({ title: 'Warehouse walk', revision: 1 });
    expect((saved.json().items as Item[]).map((item) => item.title)).toEqual(['Aisles clear', 'Extinguishers', 'Tagged this month']);
    expect(saved.json().score).toMatchObject({ achieved: 9, maximum: 15, percent: 60 });
    // A new inspection starts from the new revision.
    const fresh = (await start(cast.tokens.editorA)).json();
    expect(fresh.template).toMatchObject({ title: 'Warehouse walk v2', revision: 2 });
    expect((fresh.items as Item[]).map((item) => item.title)).toEqual(['Brand new question']);
    await t.as(cast.tokens.admin, {
      method: 'PUT',
      url: `/v3/demo/survey/${templateId}`,
      payload: { ...current, version: undefined, meta: { version: revised.json().meta.version } },
    });
  });

  it('lets editors start inspections only at their own site, never readers, and hides them from other sites', async () => {
    const elsewhere = await start(cast.tokens.editorA, { site_id: cast.siteB, region_id: undefined });
    expect(elsewhere.statusCode).toBe(403);
    expect((await start(cast.tokens.readerA)).statusCode).toBe(403);
    const doc = (await start(cast.tokens.managerA)).json();
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url: `/v3/demo/inspection/${doc.id}` })).statusCode).toBe(404);
    expect((await t.as(cast.tokens.readerA, { method: 'GET', url: `/v3/demo/inspection/${doc.id}` })).statusCode).toBe(200);
  });

  it('refuses a checklist of another organisation, a missing one and a disabled one, storing nothing', async () => {
    const before = await countOf('inspection');
    const foreign = await start(acmeAdmin, {}, 'acme');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error_description: 'The checklist cannot be found.' });
    expect((await start(cast.tokens.editorA, { template_id: 999_999 })).json()).toMatchObject({
      error_description: 'The checklist cannot be found.',
    });
    const disabled = await t.as(cast.tokens.admin, { method: 'POST', url: '/v3/demo/survey', payload: { ...template, enabled: false } });
    const refused = await start(cast.tokens.editorA, { template_id: disabled.json().id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error_description).toBe('This checklist is disabled: choose another one.');
    expect((await start(cast.tokens.editorA, { template_id: undefined })).json().error_description).toContain('Please choose a checklist');
    expect(await countOf('inspection')).toBe(before);
  });

  it("raises one child action from a Poor item, owned by the author unless named, and lists it in the owner's todo", async () => {
    const doc = (await start(cast.tokens.editorA)).json();
    const items = (doc.items as Item[]).map((item, index) =>
      index === 0
        ? {
            ...item,
            value: 1,
            action_descrip: 'Clear the aisle by the dock',
            action_actionee_ids: [cast.uuids.managerA],
            action_due_date: '2026-12-01',
          }
        : item,
    );
    const saved = await save(cast.tokens.editorA, doc, items);
    expect(saved.statusCode, saved.body).toBe(200);
    const linked = (saved.json().items as Item[])[0]!;
    expect(linked.action_id).toEqual(expect.any(Number));
    const children = await childrenOf(cast.tokens.editorA, doc.id);
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({
      id: linked.action_id,
      doc_type: 'action',
      summary: 'Clear the aisle by the dock',
      actionee_ids: [cast.uuids.managerA],
      due_date: '2026-12-01',
      parent_id: doc.id,
      status: 'Pending Completion',
    });
    const action = (await t.as(cast.tokens.managerA, { method: 'GET', url: `/v3/demo/action/${linked.action_id}` })).json();
    expect(action.meta.parent).toEqual({ doc_id: doc.id, doc_type: 'inspection', display_id: doc.display_id, summary: doc.summary });
    const todo = (await t.as(cast.tokens.managerA, { method: 'GET', url: '/v2/identity/me/todo' })).json();
    expect((todo.open as { id: number }[]).map((entry) => entry.id)).toContain(linked.action_id);
    // Saving again raises nothing more: the item holds its action.
    const again = await save(cast.tokens.editorA, saved.json(), saved.json().items);
    expect(again.statusCode, again.body).toBe(200);
    expect(await childrenOf(cast.tokens.editorA, doc.id)).toHaveLength(1);
  });

  it('raises the action of an item answered before the inspection was ever saved, owned by its author', async () => {
    const response = await start(cast.tokens.editorA, { items: [{ key: '0', value: 1, action_descrip: 'Fix the broken racking' }] });
    expect(response.statusCode, response.body).toBe(201);
    const doc = response.json();
    const [action] = await childrenOf(cast.tokens.editorA, doc.id);
    expect(action).toMatchObject({ summary: 'Fix the broken racking', actionee_ids: [cast.uuids.editorA], parent_id: doc.id });
    expect((doc.items as Item[])[0]!.action_id).toBe(action!.id);
    expect(doc.meta.version).toBe(1);
    // The answer's version is the stored one: the next edit from it is not stale.
    expect((await save(cast.tokens.editorA, doc, doc.items)).statusCode).toBe(200);
  });

  it("refuses an action whose owner is not a member, naming the item's field, and stores neither", async () => {
    const [inspections, actions] = [await countOf('inspection'), await countOf('action')];
    const response = await start(cast.tokens.editorA, {
      items: [{ key: '0', value: 1, action_descrip: 'Somebody else', action_actionee_ids: ['00000000-0000-4000-8000-000000000000'] }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details?.[0]?.path).toBe('items/0/action_actionee_ids/0');
    expect([await countOf('inspection'), await countOf('action')]).toEqual([inspections, actions]);
  });

  it("raises the action of a safety visit's unsafe observation as a child of the visit, and labels its module", async () => {
    const module = await t.ctx.database.db
      .selectFrom('documents')
      .select(['id', 'summary'])
      .where('doc_type', '=', 'module')
      .where('org_id', '=', cast.orgId)
      .executeTakeFirstOrThrow();
    const response = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/worksafe_safety_visit',
      payload: {
        site_id: cast.siteA,
        region_id: regionOf.get(cast.siteA),
        module_id: module.id,
        zone_id: (
          await t.ctx.database.db
            .selectFrom('documents')
            .select('id')
            .where('doc_type', '=', 'zone')
            .where('site_id', '=', cast.siteA)
            .executeTakeFirstOrThrow()
        ).id,
        observations: [
          { type: 'P', descrip: 'Good housekeeping' },
          { type: 'C', descrip: 'Trailing cable', action_descrip: 'Re-route the cable' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const visit = response.json();
    const [action] = await childrenOf(cast.tokens.editorA, visit.id);
    expect(action).toMatchObject({ doc_type: 'action', summary: 'Re-route the cable', parent_id: visit.id });
    expect(visit.observations[1].action_id).toBe(action!.id);
    expect(visit.observations[0].action_id).toBeUndefined();
    expect(visit.data_normalised.module_id).toBe(module.summary);
    // Saved back as read, the raised action stays; an unsafe observation may not claim any other
    // document as its action (the rule "every unsafe act needs an action" would hold with none raised).
    const again = await t.as(cast.tokens.editorA, { method: 'PUT', url: `/v3/demo/worksafe_safety_visit/${visit.id}`, payload: visit });
    expect(again.statusCode, again.body).toBe(200);
    const claimed = {
      ...again.json(),
      observations: [...again.json().observations, { type: 'A', descrip: 'Ladder left out', action_id: visit.id }],
    };
    const refused = await t.as(cast.tokens.editorA, { method: 'PUT', url: `/v3/demo/worksafe_safety_visit/${visit.id}`, payload: claimed });
    expect([refused.statusCode, refused.json().error_description]).toEqual([
      400,
      'observations.2.action_id: action_id must name an action raised from this document.',
    ]);
  });

  it("labels module 1 (the original platform's default) with no other document's title", async () => {
    // Document 1 of the seeded installation is the demo's first region, not a module.
    const first = await t.ctx.database.db.selectFrom('documents').select('doc_type').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(first.doc_type).toBe('region');
    const notification = await t.as(cast.tokens.admin, {
      method: 'POST',
      url: '/v3/demo/notification',
      payload: { title: 'Module labels', doc_event_type: 'create', module_id: 1 },
    });
    expect(notification.statusCode, notification.body).toBe(201);
    expect(notification.json().data_normalised.module_id).toBeUndefined();
  });
});

/**
 * A document's PDF made on the server, on both databases (docs/product/forms-and-lists.md#document-pdf):
 * the reader gets its fields with their labels, a cover page only when PDF Cover is on, labels,
 * choices and dates in the reader's language; a member of another site and another organisation get 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { createIncident, visitPlaceOf, workflowCast, type WorkflowCast } from '../../test-support/workflow-fixtures.ts';

async function pagesOf(body: Buffer): Promise<string[]> {
  const task = pdfjs.getDocument({ data: new Uint8Array(body), useSystemFonts: false, disableFontFace: true, verbosity: 0 });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages;
}

describe.each(testDialects)('document PDF on %s', (dialect) => {
  let t: TestApp;
  let cast: WorkflowCast;
  let acmeAdmin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    cast = await workflowCast(t);
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  afterAll(async () => t.close());

  it('prints the fields with their labels, and a cover page only when PDF Cover is on', async () => {
    const plain = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Slip near the press — wet floor' });
    const response = await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${plain.id}/pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`${String(plain.display_id)}.pdf`);
    const pages = await pagesOf(response.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Slip near the press — wet floor');
    expect(pages[0]).toContain(String(plain.display_id));
    expect(pages[0]).toContain('Category');
    expect(pages[0]).toContain('Injury');
    // English dates day before month, as the web app writes them (en-GB), not 'Mar 1, 2026'.
    expect(pages[0]).toContain('1 Mar 2026');
    expect(pages[0]).not.toContain('Mar 1, 2026');

    const covered = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'With a cover', pdfCover: true });
    const coverPages = await pagesOf(
      (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${covered.id}/pdf` })).rawPayload,
    );
    expect(coverPages).toHaveLength(2);
    expect(coverPages[0]).toContain('With a cover');
    expect(coverPages[0]).not.toContain('Category');
  });

  it("labels in the reader's language", async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'En français' });
    const [page] = await pagesOf(
      (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${doc.id}/pdf?lang=fr` })).rawPayload,
    );
    expect(page).toContain('Statut');
    expect(page).toContain('Catégorie');
    // Dates as a French reader writes them, and the built-in status in French.
    expect(page).toContain('1 mars 2026');
    expect(page).not.toContain('2026-03-01T09');
    expect(page).not.toMatch(/Pending|Closed|Approved/);
    // The category (a select) by its French title, as the web app shows it.
    expect(page).toContain('Blessure');
    expect(page).not.toContain('Injury');
    const [spanish] = await pagesOf(
      (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/incident/${doc.id}/pdf?lang=es` })).rawPayload,
    );
    expect(spanish).toContain('Categoría');
    expect(spanish).toContain('Lesión');
    expect(spanish).toContain('1 mar 2026');
  });

  it("names a keyword option inside a list of objects by its list's label, as the web app's select does", async () => {
    const options = (
      await t.as(cast.tokens.editorA, { method: 'GET', url: '/api/$$keywords?value=safety_visit_observation_category' })
    ).json().dataAr as { value: number; label: string }[];
    const housekeeping = options.find((option) => option.label === 'Housekeeping')!;
    const created = await t.as(cast.tokens.editorA, {
      method: 'POST',
      url: '/v3/demo/worksafe_safety_visit',
      payload: {
        ...(await visitPlaceOf(t, cast, cast.siteA)),
        observations: [{ type: 'P', descrip: 'Aisles clear', category_id: housekeeping.value }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [page] = await pagesOf(
      (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/worksafe_safety_visit/${created.json().id}/pdf` })).rawPayload,
    );
    expect(page).toContain('Aisles clear');
    expect(page).toContain('Housekeeping');
    expect(page).not.toContain(` ${housekeeping.value} `);

    // An observation's raised action by its title (was its id), as the visit's page links it.
    const visit = created.json<{ id: number; observations: unknown[] }>();
    const raised = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/worksafe_safety_visit/${visit.id}`,
      payload: {
        ...visit,
        observations: [...visit.observations, { type: 'C', descrip: 'Trailing cable', action_descrip: 'Re-route the cable' }],
      },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const actionId = (raised.json().observations as { action_id?: number }[])[1]!.action_id!;
    const action = (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/action/${actionId}` })).json();
    const renamed = await t.as(cast.tokens.editorA, {
      method: 'PUT',
      url: `/v3/demo/action/${actionId}`,
      payload: { ...(action as Record<string, unknown>), summary: 'Cable moved behind the guard rail' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [withAction] = await pagesOf(
      (await t.as(cast.tokens.editorA, { method: 'GET', url: `/v3/demo/worksafe_safety_visit/${created.json().id}/pdf` })).rawPayload,
    );
    expect(withAction).toContain('Cable moved behind the guard rail');
    expect(withAction).not.toMatch(new RegExp(`(^| )${actionId}( |$)`));
  });

  it('answers 404 to a member of another site and to another organisation', async () => {
    const doc = await createIncident(t, cast.tokens.editorA, cast.siteA, { summary: 'Not for everyone' });
    expect((await t.as(cast.tokens.managerB, { method: 'GET', url: `/v3/demo/incident/${doc.id}/pdf` })).statusCode).toBe(404);
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/v3/acme/incident/${doc.id}/pdf` })).statusCode).toBe(404);
  });
});

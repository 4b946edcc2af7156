/** Export on both databases: .xls HTML and real .xlsx, filters, all pages, protected columns, no schema. */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';

const q = (text: string) => encodeURIComponent(text);

const ratedType = {
  type: 'rated_item',
  idMask: 'RI-{seq:4}',
  form: {
    title: 'Rated item',
    schema: {
      type: 'object',
      required: ['summary'],
      properties: { summary: { type: 'string' }, cost: { type: 'number' }, due: { type: 'string', format: 'date' } },
    },
  },
  view: {
    title: 'Rated items',
    table: {
      schema: [
        { id: 'summary', label: 'Summary' },
        { id: 'cost', label: 'Cost', protected: true },
      ],
    },
  },
  export: {
    schema: [
      { id: 'display_id', label: 'ID' },
      { id: 'summary', label: 'Summary' },
      { id: 'cost', label: 'Cost' },
      { id: 'due', label: 'Due', type: 'date' },
      { id: 'created_date', label: 'Created', type: 'timestamp' },
    ],
  },
};

describe.each(testDialects)('export on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
    expect((await t.as(admin, { method: 'POST', url: '/v3/demo/$$schema', payload: ratedType })).statusCode).toBe(201);
    await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/rated_item',
      payload: { summary: 'Ladder <script>alert(1)</script>', cost: 120.5, due: '2026-03-09' },
    });
    await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/$$schema',
      payload: {
        type: 'plain_note',
        form: { title: 'Note', schema: { type: 'object', properties: { summary: { type: 'string' } } } },
        view: { title: 'Notes', table: { schema: [] } },
      },
    });
  });
  afterAll(async () => t.close());

  it('exports the HTML .xls with the view title and date, escaped, dates DD/MM/YYYY', async () => {
    const response = await t.as(admin, { method: 'GET', url: '/v3/demo/rated_item/export?format=xls' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.ms-excel');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Rated items_${today}.xls"; filename*=UTF-8''Rated%20items_${today}.xls`,
    );
    expect(response.body).toContain('<th>Summary</th>');
    expect(response.body).toContain('Ladder &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('<td>09/03/2026</td>');
    expect(response.body).toContain('<td>120.5</td>');
    // docs/product/forms-and-lists.md#export: the Created column is filled from the record's creation date.
    const [day, month, year] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    expect(response.body).toMatch(new RegExp(`<td>${day}/${month}/${year} \\d{2}:\\d{2} \\+00:00</td>`));
  });

  it("prints 'Hidden (Protected)' for protected columns to those who may not see them", async () => {
    const body = (await t.as(reader, { method: 'GET', url: '/v3/demo/rated_item/export' })).body;
    expect(body).toContain('<td>Hidden (Protected)</td>');
    expect(body).not.toContain('120.5');
  });

  it("writes the title and column headers of a built-in type in the screen's language", async () => {
    const french = await t.as(admin, { method: 'GET', url: '/v3/demo/incident/export?format=xls&lang=fr' });
    expect(french.statusCode).toBe(200);
    expect(french.headers['content-disposition']).toContain(`filename*=UTF-8''Incidents_${today}.xls`);
    expect(french.body).toContain('<th>Gravité</th>');
    expect(french.body).toContain('<th>Statut</th>');
    const spanish = await t.as(admin, { method: 'GET', url: '/v3/demo/incident/export?format=xls&lang=es-MX' });
    expect(spanish.headers['content-disposition']).toContain(`filename*=UTF-8''Incidentes_${today}.xls`);
    expect(spanish.body).toContain('<th>Gravedad</th>');
    const english = await t.as(admin, { method: 'GET', url: '/v3/demo/incident/export?format=xls' });
    expect(english.body).toContain('<th>Severity</th>');
    const invalid = await t.as(admin, { method: 'GET', url: '/v3/demo/incident/export?format=xls&lang=%3Cscript%3E' });
    expect(invalid.statusCode).toBe(400);
  });

  it('exports a real .xlsx with typed cells', async () => {
    const response = await t.as(admin, { method: 'GET', url: '/v3/demo/rated_item/export?format=xlsx' });
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`Rated items_${today}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Summary', 'Cost', 'Due', 'Created']);
    expect(sheet.getCell(2, 3).value).toBe(120.5);
    expect(sheet.getCell(2, 4).value).toEqual(new Date('2026-03-09T00:00:00.000Z'));
    expect((sheet.getCell(2, 5).value as Date).toISOString().slice(0, 10)).toBe(today);
  });

  it('exports every page up to the limit with the list filter and order, or the formatted page', async () => {
    const all = await t.as(admin, {
      method: 'GET',
      url: `/v3/demo/post/export?filter=${q("summary CONTAINS 'a'")}&order=${q('summary asc')}`,
    });
    const titles = [...all.body.matchAll(/<tr><td>POST-\d+<\/td><td>([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(titles).toEqual([...titles].sort());
    expect(titles.length).toBeGreaterThan(1);
    const formatted = await t.as(admin, { method: 'GET', url: '/v3/demo/post/export?layout=formatted&count=1' });
    expect(formatted.body.match(/colspan="8"/g)).toHaveLength(3);
  });

  it("answers 'No export schema defined for {view title}' and refuses bad parameters", async () => {
    const none = await t.as(admin, { method: 'GET', url: '/v3/demo/plain_note/export' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error_description).toBe('No export schema defined for Notes');
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post/export?format=csv' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: `/v3/demo/post/export?filter=${q('secret = 1')}` })).json().code).toBe(
      'invalid_filter',
    );
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post/export?group_by=pinned' })).statusCode).toBe(400);
  });
});

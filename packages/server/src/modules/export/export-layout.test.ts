import { describe, expect, it } from 'vitest';
import type { DocumentAnswer, DocumentSchema, TableColumn } from '@docket/shared';
import { exportCell, HIDDEN_PROTECTED } from './export-cells.ts';
import { COLUMNS_PER_ROW, formattedLayout, tableLayout } from './export-layout.ts';
import { escapeHtml, renderXls } from './xls-html.ts';

const type: DocumentSchema = {
  version: 3,
  type: 'thing',
  descripIsHtml: true,
  form: {
    title: 'Thing',
    schema: {
      type: 'object',
      properties: {
        severity: {
          type: 'integer',
          oneOf: [
            { const: 1, title: 'Low' },
            { const: 2, title: 'High' },
          ],
        },
        due: { type: 'string', format: 'date' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
        done: { type: 'boolean' },
      },
    },
  },
};

function doc(values: Record<string, unknown>): DocumentAnswer {
  return {
    id: 1,
    display_id: 'T-1',
    doc_type: 'thing',
    summary: 'A <b>thing</b>',
    descrip: '<p>Line one</p><p>Line &nbsp;two</p>',
    status: '',
    parent_id: null,
    data_normalised: { site_id: 'North Plant', actionee_ids: ['Ada', 'Eve'] },
    meta: { created_by: { uuid: 'u', display_name: 'Ada Admin' } } as DocumentAnswer['meta'],
    ...values,
  };
}

const col = (id: string, extra: Partial<TableColumn> = {}): TableColumn => ({ id, label: id.toUpperCase(), ...extra });

describe('export cells', () => {
  it('formats labels, titles, dates, lists and booleans', () => {
    const d = doc({
      severity: 2,
      due: '2026-03-09',
      when: '2026-03-09T14:05:00.000Z',
      tags: ['a', 'b'],
      done: true,
      site_id: 4,
      actionee_ids: ['u1', 'u2'],
      score: 7,
    });
    expect(exportCell(type, d, col('severity'), false).text).toBe('High');
    expect(exportCell(type, d, col('due'), false)).toMatchObject({ text: '09/03/2026', format: 'date' });
    expect(exportCell(type, d, col('when'), false)).toMatchObject({ text: '09/03/2026 14:05 +00:00', format: 'date-time' });
    expect(exportCell(type, d, col('tags'), false).text).toBe('a, b');
    expect(exportCell(type, d, col('done'), false).text).toBe('Yes');
    expect(exportCell(type, d, col('site_id'), false).text).toBe('North Plant');
    expect(exportCell(type, d, col('actionee_ids'), false).text).toBe('Ada, Eve');
    expect(exportCell(type, d, col('created_by'), false).text).toBe('Ada Admin');
    expect(exportCell(type, d, col('score'), false)).toEqual({ text: '7', value: 7 });
    expect(exportCell(type, d, col('score', { protected: true }), true).text).toBe(HIDDEN_PROTECTED);
    expect(exportCell(type, d, col('missing'), false).text).toBe('');
  });
});

describe('export layouts', () => {
  const columns = Array.from({ length: 12 }, (_, i) => col(`c${i}`)).concat(col('descrip'));
  const input = { type, columns, docs: [doc({ c0: '=1+1' })], hideProtected: () => false };

  it('puts a header row then one row per document in the table layout', () => {
    const rows = tableLayout(input);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.map((c) => c.text)).toEqual([...columns.map((c) => c.label)]);
  });

  it('puts 8 columns per row, a second row, then the description full width', () => {
    const rows = formattedLayout(input);
    expect(rows[0]).toEqual([{ text: 'T-1 A <b>thing</b>', header: true, span: COLUMNS_PER_ROW }]);
    expect(rows[1]!.map((c) => c.text)).toEqual(['C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']);
    expect(rows[3]!.map((c) => c.text)).toEqual(['C8', 'C9', 'C10', 'C11']);
    expect(rows[5]).toEqual([{ text: 'Line one Line two', span: COLUMNS_PER_ROW }]);
    expect(rows).toHaveLength(7);
  });

  it('escapes every value in the HTML spreadsheet', () => {
    const html = renderXls('Things <x>', formattedLayout(input));
    expect(html).toContain('<th colspan="8">T-1 A &lt;b&gt;thing&lt;/b&gt;</th>');
    expect(html).toContain('<title>Things &lt;x&gt;</title>');
    expect(html).toContain('<td>=1+1</td>');
    expect(html).not.toContain('<b>thing');
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
  });
});

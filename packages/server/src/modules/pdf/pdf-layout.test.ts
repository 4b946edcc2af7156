/** What a document's PDF prints (docs/product/forms-and-lists.md#document-pdf): values as the web app shows them. */
import { describe, expect, it } from 'vitest';
import type { DocumentAnswer, DocumentSchema, JsonSchema } from '@docket/shared';
import { documentPdfLayout, entriesOf, shownValue, valueText, type PdfWords } from './pdf-layout.ts';

const french: Record<string, string> = { Injury: 'Blessure', 'Near Miss': 'Presque accident', High: 'Élevée', Category: 'Catégorie' };
const words: PdfWords = {
  translate: (text) => french[text] ?? text,
  when: (value, format) => `${format}:${value}`,
  statusText: (status) => `«${status}»`,
  yes: 'Oui',
  no: 'Non',
  status: 'Statut',
  site: 'Site',
  createdBy: 'Créé par',
};

describe('document PDF values', () => {
  it('prints labels for references, Yes / No for flags, lists joined, and nothing for empty values', () => {
    expect(valueText(12, 'Harbour Depot', 'Yes', 'No')).toBe('Harbour Depot');
    expect(valueText(['a', 'b'], ['Ada', null], 'Yes', 'No')).toBe('Ada');
    expect(valueText(true, undefined, 'Oui', 'Non')).toBe('Oui');
    expect(valueText(['x', 'y'], undefined, 'Yes', 'No')).toBe('x, y');
    expect(valueText('', undefined, 'Yes', 'No')).toBeUndefined();
    expect(valueText({ a: 1 }, undefined, 'Yes', 'No')).toBeUndefined();
  });

  it("shows a select's choice in the reader's language: an enum's value, a oneOf's title, in lists too", () => {
    const category: JsonSchema = { type: 'string', enum: ['Injury', 'Near Miss'] };
    const severity: JsonSchema = { type: 'string', oneOf: [{ const: 'H', title: 'High' }] };
    const categories: JsonSchema = { type: 'array', items: category };
    expect(shownValue(category, 'Injury', words)).toBe('Blessure');
    expect(shownValue(severity, 'H', words)).toBe('Élevée');
    expect(shownValue(categories, ['Near Miss', 'Injury', 'Other'], words)).toEqual(['Presque accident', 'Blessure', 'Other']);
    // Not a choice: the value itself (valueText prints it).
    expect(shownValue(category, 'Other', words)).toBeUndefined();
    expect(shownValue({ type: 'string' }, 'Injury', words)).toBeUndefined();
    expect(shownValue({ type: 'string', format: 'date' }, '2026-03-01', words)).toBe('date:2026-03-01');
  });

  it('finds the entries of lists of objects at any depth, each by its path, with its schema', () => {
    const step: JsonSchema = { type: 'object', properties: { kind: { type: 'integer', 'x-lookup': { keyword: 'kinds' } } } };
    const observation: JsonSchema = {
      type: 'object',
      properties: {
        category_id: { type: 'integer', 'x-lookup': { keyword: 'categories' } },
        steps: { type: 'array', items: step },
      },
    };
    const schema: JsonSchema = {
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' } }, observations: { type: 'array', items: observation } },
    };
    const found = entriesOf(schema, {
      tags: ['a'],
      observations: [{ category_id: 3, steps: [{ kind: 1 }, null, { kind: 2 }] }, 'not an entry', { category_id: 4 }],
    });
    expect(found.map((entry) => [entry.path, entry.schema === observation ? 'observation' : 'step', entry.values])).toEqual([
      ['observations.0', 'observation', { category_id: 3, steps: [{ kind: 1 }, null, { kind: 2 }] }],
      ['observations.0.steps.0', 'step', { kind: 1 }],
      ['observations.0.steps.2', 'step', { kind: 2 }],
      ['observations.2', 'observation', { category_id: 4 }],
    ]);
  });

  it('lays out the fields in form order with translated labels and choices, a cover only when asked', () => {
    const type = {
      type: 'incident',
      form: {
        title: 'Incident',
        schema: {
          type: 'object',
          properties: {
            category: { type: 'string', title: 'Category', enum: ['Injury'] },
            lost_time: { type: 'boolean', title: 'Lost time' },
            observations: { type: 'array', items: { type: 'object', properties: { note: { type: 'string', title: 'Note' } } } },
          },
        },
      },
    } as unknown as DocumentSchema;
    const doc = {
      summary: 'Slip',
      status: 'Closed',
      category: 'Injury',
      lost_time: false,
      observations: [{ note: 'wet' }],
      data_normalised: { site_id: 'North Plant' },
      meta: { display_id: 'INC-1', created_by: { display_name: 'Ada' }, created_date: '2026-03-01T09:00:00.000Z' },
    } as unknown as DocumentAnswer;
    const madeAt = new Date('2026-03-02T00:00:00.000Z');
    const layout = documentPdfLayout(doc, type, words, 'fr', madeAt);
    const texts = layout.blocks.flatMap((block) => ('text' in block ? [block.text] : []));
    expect(layout.title).toBe('INC-1 Slip');
    expect(layout.madeAt).toBe('2026-03-02T00:00:00.000Z');
    expect(texts).toEqual([
      'Incident · INC-1',
      'Slip',
      'Statut: «Closed»',
      'Site: North Plant',
      'Créé par: Ada · date-time:2026-03-01T09:00:00.000Z',
      'Catégorie',
      'Blessure',
      'Lost time',
      'Non',
      'observations',
      '1.',
      'Note',
      'wet',
    ]);
    expect(layout.blocks.some((block) => 'newPage' in block)).toBe(false);
    const covered = documentPdfLayout({ ...doc, pdfCover: true } as DocumentAnswer, type, words, 'fr', madeAt);
    expect(covered.blocks.findIndex((block) => 'newPage' in block)).toBeGreaterThan(0);
  });

  it("prints an entry's references by the labels resolved for that entry, its id without one", () => {
    const observation: JsonSchema = {
      type: 'object',
      properties: { action_id: { type: 'integer', title: 'Action', 'x-lookup': { doc_type: 'action' } } },
    };
    const type = {
      type: 'inspection',
      form: {
        title: 'Inspection',
        schema: { type: 'object', properties: { items: { type: 'array', title: 'Items', items: observation } } },
      },
    } as unknown as DocumentSchema;
    const doc = {
      summary: 'Walk',
      items: [{ action_id: 41 }, { action_id: 42 }],
      meta: { display_id: 'INS-1', created_by: { display_name: 'Ada' }, created_date: '2026-03-01T09:00:00.000Z' },
    } as unknown as DocumentAnswer;
    const layout = documentPdfLayout(doc, type, words, 'en', new Date(), new Map([['items.0', { action_id: 'ACT-41 Fix the guard' }]]));
    const texts = layout.blocks.flatMap((block) => ('text' in block ? [block.text] : []));
    expect(texts.slice(-7)).toEqual(['Items', '1.', 'Action', 'ACT-41 Fix the guard', '2.', 'Action', '42']);
  });
});

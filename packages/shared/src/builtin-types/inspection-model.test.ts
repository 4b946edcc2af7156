/** The inspection's score and template snapshot (docs/product/documents-and-schemas.md#inspections). */
import { describe, expect, it } from 'vitest';
import { answeredItems, inspectionScore, itemsFromTemplate, snapshotOfTemplate, type InspectionItem } from './inspection-model.ts';

const item = (key: string, answer: Partial<InspectionItem> = {}): InspectionItem => ({ key, category: 'C', title: `T${key}`, ...answer });

describe('inspectionScore', () => {
  it('is achieved over maximum of the applicable items; N/A counts in neither', () => {
    const score = inspectionScore([
      item('0', { value: 5 }),
      item('1', { value: 1 }),
      item('2', { na: true, value: 5 }),
      item('3', { value: 3 }),
    ]);
    expect(score).toEqual({ achieved: 9, maximum: 15, answered: 3, applicable: 3, percent: 60 });
  });

  it('counts an unanswered applicable item in the maximum only, so the score rises as items are answered', () => {
    expect(inspectionScore([item('0', { value: 5 }), item('1')])).toEqual({
      achieved: 5,
      maximum: 10,
      answered: 1,
      applicable: 2,
      percent: 50,
    });
  });

  it('has no percentage when every item is N/A or there are none', () => {
    expect(inspectionScore([item('0', { na: true })])).toEqual({ achieved: 0, maximum: 0, answered: 0, applicable: 0, percent: null });
    expect(inspectionScore([]).percent).toBeNull();
  });

  it('ignores a value that is not a rating', () => {
    expect(inspectionScore([item('0', { value: 4 })])).toMatchObject({ achieved: 0, answered: 0, maximum: 5 });
  });
});

describe('snapshotOfTemplate', () => {
  const template = {
    id: 7,
    display_id: 'CHK-0001',
    data: {
      title: 'Warehouse walk',
      type: 'audit',
      category: 'Quality',
      revision: 3,
      items: [
        { category: 'Housekeeping', title: 'Aisles', items: [{ title: 'Clear of pallets?' }], descrip: 'Look behind racks' },
        { category: 'Secret', hidden: true },
        { category: 'Fire', children: [{ title: 'Extinguishers' }, { title: '' }] },
      ],
    },
  };

  it('keeps the revision and one item per visible item and sub-item, with stable keys', () => {
    expect(snapshotOfTemplate(template)).toEqual({
      template: { id: 7, display_id: 'CHK-0001', title: 'Warehouse walk', type: 'audit', category: 'Quality', revision: 3 },
      items: [
        { key: '0', category: 'Housekeeping', title: 'Aisles', questions: ['Clear of pallets?'], guidance: 'Look behind racks' },
        { key: '2', category: 'Fire', title: 'Fire' },
        { key: '2.0', category: 'Fire', title: 'Extinguishers' },
      ],
    });
  });

  it('answers nothing for a template without items', () => {
    expect(itemsFromTemplate(undefined)).toEqual([]);
  });
});

describe('answeredItems', () => {
  const snapshot = [item('0'), item('1')];

  it('takes answers by key and keeps the words of the snapshot', () => {
    const body = [
      { key: '1', title: 'Changed words', value: 1, notes: 'Broken', action_descrip: 'Fix it' },
      { key: '9', value: 5 },
      { key: '0', na: true, photos: ['a.jpg'] },
    ];
    expect(answeredItems(snapshot, body)).toEqual([
      { key: '0', category: 'C', title: 'T0', na: true, photos: ['a.jpg'] },
      { key: '1', category: 'C', title: 'T1', value: 1, notes: 'Broken', action_descrip: 'Fix it' },
    ]);
  });

  it('keeps the snapshot unanswered when the body has no items', () => {
    expect(answeredItems(snapshot, undefined)).toEqual(snapshot);
  });
});

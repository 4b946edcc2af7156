import { describe, expect, it } from 'vitest';
import type { DocumentSchema } from '@docket/shared';
import { formsByCategory } from './forms-menu-groups.ts';

const type = (name: string, title: string, category: string, fr: Record<string, string> = {}): DocumentSchema =>
  ({ type: name, category, view: { title }, i18n: { data: { fr } } }) as unknown as DocumentSchema;

const outline = (groups: ReturnType<typeof formsByCategory>) =>
  groups.map((group) => [group.heading, group.entries.map((entry) => entry.title)]);

describe('formsByCategory (the Forms entry of the drawer)', () => {
  const types = [
    type('investigation', 'Investigations', 'General', { General: 'Général', Investigations: 'Enquêtes' }),
    type('action', 'Actions', 'General', { General: 'Général', Actions: 'Actions' }),
    type('inspection', 'Inspections', 'Quality', { Quality: 'Qualité', Inspections: 'Inspections' }),
    type('checklist', 'Checklists', 'Quality', { Quality: 'Qualité', Checklists: 'Listes de contrôle' }),
    type('incident', 'Incidents', 'Health and Safety', { 'Health and Safety': 'Santé et sécurité', Incidents: 'Incidents' }),
  ];

  it('orders the headings and the types under them by what the user reads, whatever order the catalog came in', () => {
    const expected = [
      ['General', ['Actions', 'Investigations']],
      ['Health and Safety', ['Incidents']],
      ['Quality', ['Checklists', 'Inspections']],
    ];
    expect(outline(formsByCategory(types, () => true, 'en'))).toEqual(expected);
    expect(outline(formsByCategory([...types].reverse(), () => true, 'en'))).toEqual(expected);
  });

  it("orders by the user's language", () => {
    expect(outline(formsByCategory(types, () => true, 'fr'))).toEqual([
      ['Général', ['Actions', 'Enquêtes']],
      ['Qualité', ['Inspections', 'Listes de contrôle']],
      ['Santé et sécurité', ['Incidents']],
    ]);
  });

  it('leaves out what is not listed, administration types and types without a list', () => {
    const hidden = [...types, type('site', 'Sites', 'Reference data'), { type: 'plain', category: 'General' } as DocumentSchema];
    expect(outline(formsByCategory(hidden, (t) => t.type !== 'incident', 'en'))).toEqual([
      ['General', ['Actions', 'Investigations']],
      ['Quality', ['Checklists', 'Inspections']],
    ]);
  });
});

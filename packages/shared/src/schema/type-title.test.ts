import { describe, expect, it } from 'vitest';
import { incidentType } from '../builtin-types/incident.ts';
import { typeTextOf, typeTitleOf } from './type-title.ts';

describe('typeTitleOf', () => {
  it("names one document by the form title, translated through the type's dictionary", () => {
    expect(typeTitleOf(incidentType)).toBe('Incident');
    expect(typeTitleOf(incidentType, 'en')).toBe('Incident');
    expect(typeTitleOf(incidentType, 'es')).toBe('Incidente');
    expect(typeTitleOf(incidentType, 'es-MX')).toBe('Incidente');
    expect(typeTitleOf(incidentType, 'de')).toBe('Incident');
  });

  it('falls back to the view title, then the type name', () => {
    expect(typeTitleOf({ type: 'note', view: { title: 'Notes' } } as never)).toBe('Notes');
    expect(typeTitleOf({ type: 'note' })).toBe('note');
    expect(typeTitleOf({ type: 'note', form: { title: '' } } as never, 'fr')).toBe('note');
  });

  it('ignores inherited keys and empty translations', () => {
    const type = {
      type: 'x',
      form: { title: 'constructor' },
      i18n: { data: { fr: { other: 'autre' }, es: { constructor: '' } } },
    } as never;
    expect(typeTitleOf(type, 'fr')).toBe('constructor');
    expect(typeTitleOf(type, 'es')).toBe('constructor');
  });

  it('translates any of the type texts, such as a column header', () => {
    expect(typeTextOf(incidentType, 'Lost days', 'fr-CA')).toBe('Jours perdus');
    expect(typeTextOf(incidentType, 'Lost days')).toBe('Lost days');
    expect(typeTextOf(incidentType, 'Not a label', 'fr')).toBe('Not a label');
  });
});

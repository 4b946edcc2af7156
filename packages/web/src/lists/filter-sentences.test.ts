import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { enApp } from '../i18n/app/en.ts';
import { esApp } from '../i18n/app/es.ts';
import { frApp } from '../i18n/app/fr.ts';
import { describeExpression, describeFormChip, type Say, type SentenceContext } from './filter-sentences.ts';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: enApp }, fr: { translation: frApp }, es: { translation: esApp } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

function context(lang: string): SentenceContext {
  const say = i18n.getFixedT(lang) as unknown as Say;
  return {
    say,
    lang,
    fieldLabel: (field) => (field === 'created_date' ? say('lists.chip.created') : field === 'priority' ? 'Priority' : field),
    valueLabel: (field, value) => (field === 'priority' && value === 5 ? 'Very High' : undefined),
  };
}

// docs/product/forms-and-lists.md#filters: the filters in force read as sentences, in every language.
describe('filter chips as sentences', () => {
  it("says the default filter 'Created after 1 Jan 2023' in each language", () => {
    expect(describeExpression("created_date >= '2023-01-01'", context('en'))).toBe('Created after 1 Jan 2023');
    expect(describeExpression("created_date >= '2023-01-01'", context('fr'))).toBe('Créé après le 1 janv. 2023');
    expect(describeExpression("created_date >= '2023-01-01'", context('es'))).toMatch(/^Creado después del 1 ene\.? 2023$/);
  });

  it('says options, lists, text and relative dates; keeps an expression it cannot say', () => {
    const en = context('en');
    expect(describeExpression('priority = 5', en)).toBe('Priority is Very High');
    expect(describeExpression("status IN ('Open', 'Closed')", en)).toBe('status is Open or Closed');
    expect(describeExpression("summary CONTAINS 'cable' AND created_date < today(-30)", en)).toBe(
      'summary contains “cable” and Created before 30 days ago',
    );
    expect(describeExpression('NOT (priority = 5)', en)).toBe('NOT (priority = 5)');
  });

  it('says the filter form chips: date ranges, options and free text', () => {
    const fr = context('fr');
    expect(describeFormChip('Date', '', { startDate: '2024-03-01', endDate: '2024-03-31' }, { type: 'string', format: 'date' }, fr)).toBe(
      'Date entre le 1 mars 2024 et le 31 mars 2024',
    );
    const en = context('en');
    expect(describeFormChip('Priority', 'Very High', 5, { type: 'integer', oneOf: [] }, en)).toBe('Priority is Very High');
    expect(describeFormChip('Summary', 'cable', 'cable', { type: 'string' }, en)).toBe('Summary contains “cable”');
    expect(describeFormChip('Site', 'North Plant, Harbour Depot', [1, 2], { type: 'array' }, en)).toBe(
      'Site is North Plant or Harbour Depot',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { localisedText, reportTitle } from './translated-text.ts';

// docs/product/reporting.md#reports and #cards: a holder's own text is the fallback of its translations.
describe('translated texts', () => {
  const report = {
    id: 7,
    title: 'Safety Performance',
    descrip: 'Monthly figures',
    i18n: { data: { fr: { title: 'Performance sécurité', descrip: '  ' }, es: { title: 'Desempeño en seguridad' } } },
  };

  it("reads a report's title in the user's language, a regional language by its own, else the report's own", () => {
    expect(reportTitle(report, 'fr')).toBe('Performance sécurité');
    expect(reportTitle(report, 'fr-CA')).toBe('Performance sécurité');
    expect(reportTitle(report, 'es')).toBe('Desempeño en seguridad');
    expect(reportTitle(report, 'en')).toBe('Safety Performance');
    expect(reportTitle(report, undefined)).toBe('Safety Performance');
    expect(reportTitle({ id: 3, title: ' ' }, 'fr')).toBe('3');
  });

  it('falls back to the own text when the translation is blank, and offers only the listed locales', () => {
    expect(localisedText(report, 'descrip', 'fr')).toBe('Monthly figures');
    const card = { title: 'Lost days', i18n: { locales: ['es'], data: { fr: { title: 'Jours perdus' }, es: { title: 'Días perdidos' } } } };
    expect(localisedText(card, 'title', 'fr')).toBe('Lost days');
    expect(localisedText(card, 'title', 'es-MX')).toBe('Días perdidos');
  });
});

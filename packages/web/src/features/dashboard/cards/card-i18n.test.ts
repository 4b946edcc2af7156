import { describe, expect, it } from 'vitest';
import { localisedCardText } from './card-i18n.ts';

// docs/product/reporting.md#cards: the card setting i18n (locales, data).
describe('card translations', () => {
  const card = {
    title: 'Safety',
    descrip: 'Monthly',
    i18n: { locales: ['fr'], data: { fr: { title: 'Sécurité' }, es: { title: 'Seguridad' } } },
  };

  it("uses the language's text, then the card's own", () => {
    expect(localisedCardText(card, 'title', 'fr')).toBe('Sécurité');
    expect(localisedCardText(card, 'descrip', 'fr')).toBe('Monthly');
    expect(localisedCardText(card, 'title', 'en')).toBe('Safety');
  });

  it('ignores a translation for a language the card does not offer', () => {
    expect(localisedCardText(card, 'title', 'es')).toBe('Safety');
    expect(localisedCardText({}, 'title', 'en')).toBeUndefined();
  });
});

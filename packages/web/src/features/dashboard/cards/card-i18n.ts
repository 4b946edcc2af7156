/**
 * A card's own translations (`i18n: { locales, data: { fr: { title, descrip, … } } }`,
 * docs/product/reporting.md#cards): the current language's text wins over the card's own.
 */
import type { CardSchema } from '../../reporting-api/index.ts';

export function localisedCardText(
  card: CardSchema,
  field: 'title' | 'descrip' | 'summary' | 'linkText',
  language: string,
): string | undefined {
  const short = language.slice(0, 2);
  const locales = card.i18n?.locales;
  const isOffered = !locales || locales.some((locale) => locale.slice(0, 2) === short);
  const translated = isOffered ? (card.i18n?.data?.[language]?.[field] ?? card.i18n?.data?.[short]?.[field]) : undefined;
  const own = card[field];
  return typeof translated === 'string' && translated.trim() ? translated : typeof own === 'string' && own.trim() ? own : undefined;
}

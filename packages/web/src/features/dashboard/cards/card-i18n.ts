/**
 * A card's own translations (`i18n: { locales, data: { fr: { title, descrip, … } } }`,
 * docs/product/reporting.md#cards): the current language's text wins over the card's own.
 */
import { localisedText } from '../../reporting-api/translated-text.ts';
import type { CardSchema } from '../../reporting-api/index.ts';

export function localisedCardText(
  card: CardSchema,
  field: 'title' | 'descrip' | 'summary' | 'linkText',
  language: string,
): string | undefined {
  return localisedText(card, field, language);
}

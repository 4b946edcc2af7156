/**
 * A type's human title for one of its documents, as the form screen names it: the form title,
 * else the view title, else the type's name; translated through the type's own `i18n.data`
 * dictionary (keys are the English texts), so an organisation's stored schema names its types
 * in its own words. `fr-CA` falls back to `fr`; an unknown language keeps the English text.
 */
import type { DocumentSchema } from './document-schema.ts';

/** One of the type's English texts in `lang`, through its dictionary (docs/product/administration.md#localisation). */
export function typeTextOf(type: Pick<DocumentSchema, 'i18n'>, text: string, lang?: string): string {
  if (!lang) return text;
  const dictionaries = type.i18n?.data ?? {};
  const dictionary = dictionaries[lang] ?? dictionaries[lang.split('-')[0]!];
  const translated = dictionary && Object.hasOwn(dictionary, text) ? dictionary[text] : undefined;
  return translated || text;
}

export function typeTitleOf(type: Pick<DocumentSchema, 'type' | 'form' | 'view' | 'i18n'>, lang?: string): string {
  return typeTextOf(type, type.form?.title || type.view?.title || type.type, lang);
}

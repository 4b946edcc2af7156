/**
 * A type's own translations (`i18n.data[lang][text]`, docs/product/administration.md#localisation): titles, option labels and
 * messages of its schemas are written in English and looked up by their text.
 */
import type { DocumentSchema } from '@docket/shared';

export type Translate = (text: string) => string;

const identity: Translate = (text) => text;

export function schemaTranslator(type: Pick<DocumentSchema, 'i18n'> | undefined, lang: string): Translate {
  const dictionary = type?.i18n?.data?.[lang];
  if (!dictionary) return identity;
  return (text) => (Object.hasOwn(dictionary, text) ? (dictionary[text] ?? text) : text);
}

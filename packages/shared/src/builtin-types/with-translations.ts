/**
 * Attaches French and Spanish to a built-in type (docs/product/administration.md#localisation):
 * the common words it uses (common.i18n.ts), its inline `i18n.data`, then its own dictionary,
 * which wins (e.g. 'Closed' is a status in most types but an event in notification rules).
 */
import type { DocumentSchema } from '../schema/document-schema.ts';
import { commonI18n } from './common.i18n.ts';
import { TRANSLATED_LOCALES, type Dictionaries } from './translations.ts';
import { visibleStringsOf } from './visible-strings.ts';

/** The type with its translations: the common words it uses, its inline `i18n.data`, then `own`. */
export function withTranslations(type: DocumentSchema, own: Dictionaries = {}): DocumentSchema {
  const used = visibleStringsOf(type);
  const data: Dictionaries = {};
  for (const locale of TRANSLATED_LOCALES) {
    const common = Object.entries(commonI18n[locale] ?? {}).filter(([english]) => used.has(english));
    data[locale] = { ...Object.fromEntries(common), ...type.i18n?.data?.[locale], ...own[locale] };
  }
  return { ...type, i18n: { ...type.i18n, locales: [...TRANSLATED_LOCALES], data } };
}

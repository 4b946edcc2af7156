/**
 * How the built-in types carry their French and Spanish texts (docs/product/administration.md#localisation).
 * A type's `i18n.data[lang]` maps each English text a user reads to its translation; the web app
 * looks texts up there and shows the English text when a key is missing.
 *
 * The dictionaries are written as rows `[English, French, Spanish]` so that no text can have one
 * translation without the other. Words most types share (statuses, ID, Created, Site…) live in
 * `common.i18n.ts`; `withTranslations` gives each type the common entries it uses, then its own.
 */

export const TRANSLATED_LOCALES = ['fr', 'es'] as const;

export type Dictionaries = Record<string, Record<string, string>>;

/** `[English, French, Spanish]` rows to `{ fr: {English: French}, es: {English: Spanish} }`. */
export function translations(rows: readonly (readonly [string, string, string])[]): Dictionaries {
  const fr: Record<string, string> = {};
  const es: Record<string, string> = {};
  for (const [english, french, spanish] of rows) {
    fr[english] = french;
    es[english] = spanish;
  }
  return { fr, es };
}

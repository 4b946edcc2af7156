/**
 * The words of a document's PDF in the reader's language (docs/product/forms-and-lists.md#document-pdf):
 * its own few words, the type's texts through the type's translations, workflow statuses, and dates
 * written as the web app writes them (docs/product/administration.md#localisation): English in
 * British order (`1 Mar 2026`, day before month), French and Spanish in their own.
 */
import { statusTitle, type DocumentSchema } from '@docket/shared';
import type { PdfWords } from './pdf-layout.ts';

/** The PDF's own words; the type's labels come from its translations. */
const WORDS: Record<string, Omit<PdfWords, 'translate' | 'when' | 'statusText'>> = {
  en: { yes: 'Yes', no: 'No', status: 'Status', site: 'Site', createdBy: 'Created by' },
  fr: { yes: 'Oui', no: 'Non', status: 'Statut', site: 'Site', createdBy: 'Créé par' },
  es: { yes: 'Sí', no: 'No', status: 'Estado', site: 'Centro', createdBy: 'Creado por' },
};

/** The languages the PDF is written in; any other reads English. */
export function pdfLanguageOf(lang: string | undefined): string {
  const language = (lang ?? 'en').slice(0, 2).toLowerCase();
  return Object.hasOwn(WORDS, language) ? language : 'en';
}

/** The date locale of a language, as the web app's (`localeOf`): English in British order. */
export function dateLocaleOf(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

/**
 * Dates as the reader writes them: a date-time in the organisation's time zone, a date-only value
 * as its own calendar day; anything unreadable as stored.
 */
export function whenIn(language: string, timeZone: string): PdfWords['when'] {
  const locale = dateLocaleOf(language);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (value, format) => {
    const instant = new Date(format === 'date' ? `${value.slice(0, 10)}T00:00:00.000Z` : value);
    if (Number.isNaN(instant.getTime())) return value;
    return (format === 'date' ? date : dateTime).format(instant);
  };
}

/** Everything the layout writes in words, for a type, a language (pdfLanguageOf) and a time zone. */
export function pdfWordsFor(type: DocumentSchema, language: string, timeZone: string): PdfWords {
  const dictionary = type.i18n?.data?.[language] ?? {};
  const translate = (text: string) => (Object.hasOwn(dictionary, text) ? (dictionary[text] ?? text) : text);
  return {
    ...WORDS[language]!,
    translate,
    when: whenIn(language, timeZone),
    statusText: (status) => translate(statusTitle(status, language)),
  };
}

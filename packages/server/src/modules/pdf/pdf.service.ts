/** The PDF of one document (docs/product/forms-and-lists.md#document-pdf): read through the access choke point, then drawn. */
import { statusTitle, type DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { answerFor } from '../documents/document-answers.ts';
import { documentForOrThrow } from '../documents/readable-document.ts';
import { documentPdf, type PdfWords } from './document-pdf.ts';

/** The PDF's own words; the type's labels come from its translations. */
const WORDS: Record<string, Omit<PdfWords, 'translate' | 'when' | 'statusText'>> = {
  en: { yes: 'Yes', no: 'No', status: 'Status', site: 'Site', createdBy: 'Created by' },
  fr: { yes: 'Oui', no: 'Non', status: 'Statut', site: 'Site', createdBy: 'Créé par' },
  es: { yes: 'Sí', no: 'No', status: 'Estado', site: 'Centro', createdBy: 'Creado por' },
};

export async function documentPdfFor(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  id: number,
  lang: string | undefined,
): Promise<{ filename: string; body: Uint8Array }> {
  const { row } = await documentForOrThrow(ctx, principal, type, id, 'read');
  const doc = await answerFor(ctx, principal, type, row);
  const language = (lang ?? 'en').slice(0, 2).toLowerCase();
  const dictionary = type.i18n?.data?.[language] ?? {};
  const translate = (text: string) => dictionary[text] ?? text;
  const words: PdfWords = {
    ...(WORDS[language] ?? WORDS.en!),
    translate,
    when: whenIn(language, principal.org.timeZone ?? 'UTC'),
    statusText: (status) => translate(statusTitle(status, language)),
  };
  const body = await documentPdf(doc, type, words, language);
  return { filename: `${doc.meta.display_id}.pdf`, body };
}

/**
 * Dates as the reader writes them: a date-time in the organisation's time zone, a date-only value
 * as its own calendar day; anything unreadable as stored.
 */
function whenIn(language: string, timeZone: string): PdfWords['when'] {
  const locale = WORDS[language] ? language : 'en';
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (value, format) => {
    const instant = new Date(format === 'date' ? `${value.slice(0, 10)}T00:00:00.000Z` : value);
    if (Number.isNaN(instant.getTime())) return value;
    return (format === 'date' ? date : dateTime).format(instant);
  };
}

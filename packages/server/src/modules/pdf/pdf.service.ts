/**
 * The PDF of one document (docs/product/forms-and-lists.md#document-pdf): read through the access
 * choke point, with the labels of the keyword options its lists name, and laid out here, then
 * drawn in a worker thread (pdf-work.ts).
 */
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { answerFor } from '../documents/document-answers.ts';
import { documentForOrThrow } from '../documents/readable-document.ts';
import { keywordLookup } from '../lookups/lookups.service.ts';
import { documentPdfLayout, keywordKeysInLists } from './pdf-layout.ts';
import type { PdfWork } from './pdf-work.ts';
import { pdfLanguageOf, pdfWordsFor } from './pdf-words.ts';

export async function documentPdfFor(
  ctx: AppContext,
  pdfWork: PdfWork,
  principal: Principal,
  type: DocumentSchema,
  id: number,
  lang: string | undefined,
): Promise<{ filename: string; body: Uint8Array }> {
  const { row } = await documentForOrThrow(ctx, principal, type, id, 'read');
  const doc = await answerFor(ctx, principal, type, row);
  const language = pdfLanguageOf(lang);
  const words = pdfWordsFor(type, language, principal.org.timeZone ?? 'UTC', await keywordOptionsFor(ctx, principal, type));
  const body = await pdfWork.render(documentPdfLayout(doc, type, words, language, new Date()));
  return { filename: `${doc.meta.display_id}.pdf`, body };
}

/**
 * The labels of the keyword lists that fields inside lists of objects name (a visit's observation
 * categories), read as the web app's selects read them (`GET /api/$$keywords`, through the
 * reader's grants): `data_normalised` labels only the document's own fields.
 */
async function keywordOptionsFor(ctx: AppContext, principal: Principal, type: DocumentSchema): Promise<Map<string, Map<unknown, string>>> {
  const lists = new Map<string, Map<unknown, string>>();
  for (const key of keywordKeysInLists(type.form?.schema)) {
    const labels = new Map<unknown, string>();
    const options = await keywordLookup(ctx, principal, key, undefined).then(
      (answer) => answer.dataAr,
      (error: unknown) => {
        // A reader who may not read keyword lists sees the ids, as the web app's select shows them.
        if (error instanceof HttpError) return [];
        throw error;
      },
    );
    for (const option of options) {
      labels.set(option.value, option.label);
      for (const child of option.children ?? []) labels.set(child.value, child.label);
    }
    lists.set(key, labels);
  }
  return lists;
}

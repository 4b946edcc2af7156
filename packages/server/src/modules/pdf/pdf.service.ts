/**
 * The PDF of one document (docs/product/forms-and-lists.md#document-pdf): read through the access
 * choke point and laid out here, then drawn in a worker thread (pdf-work.ts).
 */
import type { DocumentSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { answerFor } from '../documents/document-answers.ts';
import { documentForOrThrow } from '../documents/readable-document.ts';
import { documentPdfLayout } from './pdf-layout.ts';
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
  const words = pdfWordsFor(type, language, principal.org.timeZone ?? 'UTC');
  const body = await pdfWork.render(documentPdfLayout(doc, type, words, language, new Date()));
  return { filename: `${doc.meta.display_id}.pdf`, body };
}

/**
 * The PDF of one document (docs/product/forms-and-lists.md#document-pdf): read through the access
 * choke point, with the labels of the references its lists' entries name, and laid out here, then
 * drawn in a worker thread (pdf-work.ts).
 */
import type { DocumentSchema, JsonSchema } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { answerFor } from '../documents/document-answers.ts';
import { documentForOrThrow } from '../documents/readable-document.ts';
import { resolveLabels } from '../../platform/records/document-labels.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { documentPdfLayout, entriesOf, type EntryLabels } from './pdf-layout.ts';
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
  const entryLabels = await entryLabelsFor(ctx, principal, type, doc as Record<string, unknown>);
  const body = await pdfWork.render(documentPdfLayout(doc, type, words, language, new Date(), entryLabels), principal.org.id);
  return { filename: `${doc.meta.display_id}.pdf`, body };
}

/**
 * The labels of the references inside a document's lists of objects (a visit's observation
 * category and action, an inspection item's action), resolved as `data_normalised` resolves the
 * document's own fields — a referenced document only when the reader may read it — since
 * `data_normalised` labels only those. Each entry reads as a document of its item schema's fields.
 */
async function entryLabelsFor(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  values: Record<string, unknown>,
): Promise<EntryLabels> {
  const entries = entriesOf(type.form?.schema, values);
  if (entries.length === 0) return new Map();
  const entryTypes = new Map<JsonSchema, DocumentSchema>();
  const entryTypeOf = (schema: JsonSchema) => {
    const known = entryTypes.get(schema);
    if (known) return known;
    const made = { ...type, form: { ...type.form, schema } } as DocumentSchema;
    entryTypes.set(schema, made);
    return made;
  };
  const registry = typeRegistryFor(ctx.database);
  const labels = await resolveLabels(
    { database: ctx.database, orgId: principal.org.id, principal, typeOf: (name) => registry.get(principal.org.id, name) },
    entries.map((entry) => ({ type: entryTypeOf(entry.schema), values: entry.values })),
  );
  return new Map(entries.map((entry, index) => [entry.path, labels[index] ?? {}]));
}

/**
 * What a document's PDF prints, in order (docs/product/forms-and-lists.md#document-pdf): with a
 * cover page when the document's PDF Cover is on (title, display id, type, status, site, author
 * and date), then its fields in the order of its form — labels from the type (in the reader's
 * language), values as the web app shows them (references by their labels, a select's choice by
 * its translated title). Lists of objects (a visit's observations, an inspection's items) print
 * one indented block per entry, its references by their labels too (`entryLabels`). Pure and cheap (a step per field): a document answer and its type
 * in, a layout out; the costly part, wrapping and drawing, runs in a worker (pdf-render-task.ts).
 */
import { typeTitleOf, type DocumentAnswer, type DocumentSchema, type JsonSchema } from '@docket/shared';
import type { PdfBlock, PdfLayout } from './pdf-render-task.ts';

/** The words of a value as a reader sees them; undefined for nothing to print. */
export function valueText(value: unknown, label: unknown, yes: string, no: string): string | undefined {
  if (label !== undefined && label !== null) return Array.isArray(label) ? label.filter((l) => l !== null).join(', ') : String(label);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? yes : no;
  if (Array.isArray(value)) {
    const parts = value.filter((v) => v !== null && typeof v !== 'object').map(String);
    return parts.length > 0 ? parts.join(', ') : undefined;
  }
  if (typeof value === 'object') return undefined;
  return String(value);
}

/**
 * The English text of a select's value: its option's title (`oneOf`/`anyOf`), or the value itself
 * when it is one of a plain `enum`'s strings — written in English and translated like any other
 * text of the type, as the web app's selects and list cells show them.
 */
export function choiceTitle(schema: JsonSchema | undefined, value: unknown): string | undefined {
  const options = schema?.oneOf ?? schema?.anyOf;
  const title = options?.find((option) => option.const === value)?.title;
  if (typeof title === 'string') return title;
  return typeof value === 'string' && schema?.enum?.includes(value) ? value : undefined;
}

export interface PdfWords {
  translate: (text: string) => string;
  /** A stored date (`YYYY-MM-DD`) or date-time (UTC) as the reader writes it, in their organisation's time zone. */
  when: (value: string, format: 'date' | 'date-time') => string;
  /** A workflow status in the reader's language. */
  statusText: (status: string) => string;
  yes: string;
  no: string;
  status: string;
  site: string;
  createdBy: string;
}

/** A field's value as the reader sees it: a date in their way, a choice by its translated title. */
export function shownValue(property: JsonSchema, value: unknown, words: PdfWords): string | string[] | undefined {
  if (typeof value === 'string' && (property.format === 'date' || property.format === 'date-time'))
    return words.when(value, property.format);
  const itemSchema = property.type === 'array' ? property.items : property;
  const titleOf = (item: unknown) => {
    const title = choiceTitle(itemSchema, item);
    return title === undefined ? undefined : words.translate(title);
  };
  if (Array.isArray(value)) {
    const titles = value.map(titleOf);
    return titles.some((title) => title !== undefined)
      ? value.map((item, index) => titles[index] ?? (typeof item === 'object' ? null : String(item))).filter((t) => t !== null)
      : undefined;
  }
  return titleOf(value);
}

/** Where an entry of a list of objects sits in a document (`observations.0`, `observations.0.steps.2`). */
export const entryPath = (listPath: string, index: number) => `${listPath}.${index}`;

/**
 * The entries of every list of objects in a document, at any depth, each with its path and the
 * schema of its fields: what their references' labels are resolved for (pdf.service.ts), as
 * `data_normalised` resolves the document's own.
 */
export function entriesOf(
  schema: JsonSchema | undefined,
  values: Record<string, unknown>,
  base = '',
  found: { path: string; schema: JsonSchema; values: Record<string, unknown> }[] = [],
) {
  for (const [field, property] of Object.entries(schema?.properties ?? {})) {
    const value = values[field];
    const itemSchema = property.type === 'array' ? property.items : undefined;
    if (!Array.isArray(value) || itemSchema?.type !== 'object') continue;
    const listPath = base ? `${base}.${field}` : field;
    value.forEach((entry, index) => {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return;
      const path = entryPath(listPath, index);
      found.push({ path, schema: itemSchema, values: entry as Record<string, unknown> });
      entriesOf(itemSchema, entry as Record<string, unknown>, path, found);
    });
  }
  return found;
}

/** The labels of references inside list entries, by the entry's path (`entryPath`). */
export type EntryLabels = ReadonlyMap<string, Record<string, unknown>>;

function fieldBlocks(
  blocks: PdfBlock[],
  schema: JsonSchema | undefined,
  values: Record<string, unknown>,
  labels: Record<string, unknown>,
  words: PdfWords,
  place: { indent: number; path: string; entryLabels: EntryLabels },
) {
  const { indent, path, entryLabels } = place;
  for (const [field, property] of Object.entries(schema?.properties ?? {})) {
    const value = values[field];
    const title = words.translate(typeof property.title === 'string' ? property.title : field);
    const itemSchema = property.type === 'array' ? property.items : undefined;
    if (Array.isArray(value) && itemSchema?.type === 'object' && value.some((entry) => entry && typeof entry === 'object')) {
      blocks.push({ text: title, isBold: true, indent, gapAfter: 2 });
      value.forEach((entry, index) => {
        blocks.push({ text: `${index + 1}.`, indent: indent + 8, isMuted: true, gapAfter: 0 });
        const at = entryPath(path ? `${path}.${field}` : field, index);
        const labelsOfEntry = entryLabels.get(at) ?? {};
        fieldBlocks(blocks, itemSchema, entry as Record<string, unknown>, labelsOfEntry, words, {
          indent: indent + 20,
          path: at,
          entryLabels,
        });
      });
      blocks.push({ gap: 4 });
      continue;
    }
    const text = valueText(value, labels[field] ?? shownValue(property, value, words), words.yes, words.no);
    if (text === undefined) continue;
    blocks.push({ text: title, size: 8, isMuted: true, indent, gapAfter: 0 });
    blocks.push({ text, indent, gapAfter: 6 });
  }
}

function statusOf(doc: DocumentAnswer, words: PdfWords): string | undefined {
  const status = doc.status || doc.meta.workflow?.status;
  return typeof status === 'string' && status !== '' ? words.statusText(status) : undefined;
}

export function documentPdfLayout(
  doc: DocumentAnswer,
  type: DocumentSchema,
  words: PdfWords,
  lang: string | undefined,
  madeAt: Date,
  entryLabels: EntryLabels = new Map(),
): PdfLayout {
  const title = String(doc.summary || doc.meta.display_id);
  const labels = (doc.data_normalised ?? {}) as Record<string, unknown>;
  const typeTitle = typeTitleOf(type, lang);
  const facts = [
    [words.status, statusOf(doc, words)],
    [words.site, labels.site_id],
    [words.createdBy, `${doc.meta.created_by.display_name} · ${words.when(doc.meta.created_date, 'date-time')}`],
  ].filter(([, value]) => typeof value === 'string' && value !== '') as [string, string][];
  const blocks: PdfBlock[] = [];
  if ((doc as Record<string, unknown>).pdfCover === true) {
    blocks.push({ gap: 200 });
    blocks.push({ text: typeTitle, size: 14, isMuted: true, gapAfter: 8 });
    blocks.push({ text: title, size: 24, isBold: true, gapAfter: 10 });
    blocks.push({ text: doc.meta.display_id, size: 14, gapAfter: 24 });
    for (const [label, value] of facts) blocks.push({ text: `${label}: ${value}`, size: 11, gapAfter: 4 });
    blocks.push({ newPage: true });
  }
  blocks.push({ text: `${typeTitle} · ${doc.meta.display_id}`, size: 9, isMuted: true, gapAfter: 2 });
  blocks.push({ text: title, size: 16, isBold: true, gapAfter: 6 });
  for (const [label, value] of facts) blocks.push({ text: `${label}: ${value}`, size: 9, isMuted: true, gapAfter: 0 });
  blocks.push({ gap: 12 });
  fieldBlocks(blocks, type.form?.schema, doc as Record<string, unknown>, labels, words, { indent: 0, path: '', entryLabels });
  return { title: `${doc.meta.display_id} ${title}`, madeAt: madeAt.toISOString(), blocks };
}

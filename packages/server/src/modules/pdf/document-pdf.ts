/**
 * A document as a PDF, made on the server (docs/product/forms-and-lists.md#document-pdf): with a
 * cover page when the document's PDF Cover is on (title, display id, type, status, site, author
 * and date), then its fields in the order of its form — labels from the type (in the reader's
 * language), values as the API answers them (references by their labels). Lists of objects (a
 * visit's observations, an inspection's items) print one indented block per entry. Pure: a
 * document answer and its type in, PDF bytes out.
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { typeTitleOf, type DocumentAnswer, type DocumentSchema, type JsonSchema } from '@docket/shared';

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
/** The standard fonts encode Windows-1252: other characters print as '?' rather than failing. */
const EXTRA_WIN_ANSI = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function printable(text: string): string {
  return [...text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ')]
    .map((char) => ((char.codePointAt(0) ?? 0) <= 0xff || EXTRA_WIN_ANSI.has(char) ? char : '?'))
    .join('');
}

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

class Writer {
  private page: PDFPage;
  private y: number;
  private readonly pdf: PDFDocument;
  private readonly font: PDFFont;
  private readonly bold: PDFFont;
  private readonly colors: { ink: Color; muted: Color };
  constructor(pdf: PDFDocument, font: PDFFont, bold: PDFFont, colors: { ink: Color; muted: Color }) {
    this.pdf = pdf;
    this.font = font;
    this.bold = bold;
    this.colors = colors;
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Wrapped text at an indent; starts a new page when the page is full. */
  text(raw: string, options: { size?: number; isBold?: boolean; isMuted?: boolean; indent?: number; gapAfter?: number } = {}) {
    const { size = 10, isBold = false, isMuted = false, indent = 0, gapAfter = 2 } = options;
    const font = isBold ? this.bold : this.font;
    const color = isMuted ? this.colors.muted : this.colors.ink;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    for (const paragraph of printable(raw).split('\n')) {
      for (const line of wrap(paragraph, font, size, width)) {
        if (this.y - size < PAGE.margin) this.newPage();
        this.y -= size * 1.25;
        this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color });
      }
    }
    this.y -= gapAfter;
  }

  gap(points: number): void {
    this.y -= points;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  if (text === '') return [''];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line !== '') lines.push(line);
    if (font.widthOfTextAtSize(word, size) <= width) {
      line = word;
      continue;
    }
    const pieces = cutWord(word, font, size, width);
    lines.push(...pieces.slice(0, -1));
    line = pieces[pieces.length - 1]!;
  }
  lines.push(line);
  return lines;
}

/**
 * A word wider than the line, cut where it must be, in one pass over its characters (code points:
 * a character outside the Basic Multilingual Plane is never split). Measuring each shorter prefix
 * again took time growing with the cube of the word's length: one word of a few thousand characters
 * held the event loop for seconds.
 */
export function cutWord(word: string, font: PDFFont, size: number, width: number): string[] {
  const widths = new Map<string, number>();
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const character of word) {
    let own = widths.get(character);
    if (own === undefined) widths.set(character, (own = font.widthOfTextAtSize(character, size)));
    if (piece !== '' && used + own > width) {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += character;
    used += own;
  }
  pieces.push(piece);
  return pieces;
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

function writeFields(
  writer: Writer,
  schema: JsonSchema | undefined,
  values: Record<string, unknown>,
  labels: Record<string, unknown>,
  words: PdfWords,
  indent: number,
) {
  for (const [field, property] of Object.entries(schema?.properties ?? {})) {
    const value = values[field];
    const title = words.translate(typeof property.title === 'string' ? property.title : field);
    const itemSchema = property.type === 'array' ? property.items : undefined;
    if (Array.isArray(value) && itemSchema?.type === 'object' && value.some((entry) => entry && typeof entry === 'object')) {
      writer.text(title, { isBold: true, indent, gapAfter: 2 });
      value.forEach((entry, index) => {
        writer.text(`${index + 1}.`, { indent: indent + 8, isMuted: true, gapAfter: 0 });
        writeFields(writer, itemSchema, entry as Record<string, unknown>, {}, words, indent + 20);
      });
      writer.gap(4);
      continue;
    }
    const choice = [...(property.oneOf ?? [])].find((option) => option.const === value);
    const isWhen = typeof value === 'string' && (property.format === 'date' || property.format === 'date-time');
    const shown = isWhen
      ? words.when(value, property.format as 'date' | 'date-time')
      : choice?.title
        ? words.translate(choice.title)
        : undefined;
    const text = valueText(value, labels[field] ?? shown, words.yes, words.no);
    if (text === undefined) continue;
    writer.text(title, { size: 8, isMuted: true, indent, gapAfter: 0 });
    writer.text(text, { indent, gapAfter: 6 });
  }
}

function statusOf(doc: DocumentAnswer, words: PdfWords): string | undefined {
  const status = doc.status || doc.meta.workflow?.status;
  return typeof status === 'string' && status !== '' ? words.statusText(status) : undefined;
}

export async function documentPdf(
  doc: DocumentAnswer,
  type: DocumentSchema,
  words: PdfWords,
  lang: string | undefined,
): Promise<Uint8Array> {
  // pdf-lib is loaded with the first PDF asked for, not at every server start (docs/architecture.md#start-up).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const title = String(doc.summary || doc.meta.display_id);
  pdf.setTitle(printable(`${doc.meta.display_id} ${title}`));
  pdf.setProducer('Docket');
  const writer = new Writer(pdf, font, bold, { ink: rgb(0, 0, 0), muted: rgb(0.35, 0.35, 0.35) });
  const labels = (doc.data_normalised ?? {}) as Record<string, unknown>;
  const typeTitle = typeTitleOf(type, lang);
  const facts = [
    [words.status, statusOf(doc, words)],
    [words.site, labels.site_id],
    [words.createdBy, `${doc.meta.created_by.display_name} · ${words.when(doc.meta.created_date, 'date-time')}`],
  ].filter(([, value]) => typeof value === 'string' && value !== '') as [string, string][];
  if ((doc as Record<string, unknown>).pdfCover === true) {
    writer.gap(200);
    writer.text(typeTitle, { size: 14, isMuted: true, gapAfter: 8 });
    writer.text(title, { size: 24, isBold: true, gapAfter: 10 });
    writer.text(doc.meta.display_id, { size: 14, gapAfter: 24 });
    for (const [label, value] of facts) writer.text(`${label}: ${value}`, { size: 11, gapAfter: 4 });
    writer.newPage();
  }
  writer.text(`${typeTitle} · ${doc.meta.display_id}`, { size: 9, isMuted: true, gapAfter: 2 });
  writer.text(title, { size: 16, isBold: true, gapAfter: 6 });
  for (const [label, value] of facts) writer.text(`${label}: ${value}`, { size: 9, isMuted: true, gapAfter: 0 });
  writer.gap(12);
  writeFields(writer, type.form?.schema, doc as Record<string, unknown>, labels, words, 0);
  return pdf.save();
}

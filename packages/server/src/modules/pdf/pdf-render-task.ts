/**
 * Drawing a document's PDF from its layout (pdf-layout.ts), run ONLY inside the PDF worker pool
 * (pdf-work.ts), never on the event loop: wrapping and drawing a description of a megabyte held
 * the event loop for most of a second, and every organisation's requests with it
 * (docs/architecture.md#heavy-work-off-the-event-loop). The layout says what to print, in order;
 * this file decides only where lines break and pages end.
 *
 * This module must stay loadable by a bare worker thread: it imports only packages and relative
 * files with erasable types (no `@docket/shared`).
 */
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { taskStarted, type TaskEnvelope } from '../../platform/workers/worker-pool.ts';

/** One piece of the PDF, in order: wrapped text, blank space, or the end of a page. */
export type PdfBlock =
  | { text: string; size?: number; isBold?: boolean; isMuted?: boolean; indent?: number; gapAfter?: number }
  | { gap: number }
  | { newPage: true };

export interface PdfLayout {
  /** The PDF's title (its metadata). */
  title: string;
  /** When it was made (ISO), written as its creation date. */
  madeAt: string;
  blocks: PdfBlock[];
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
/** The standard fonts encode Windows-1252: other characters print as '?' rather than failing. */
const EXTRA_WIN_ANSI = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function printable(text: string): string {
  return [...text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ')]
    .map((char) => ((char.codePointAt(0) ?? 0) <= 0xff || EXTRA_WIN_ANSI.has(char) ? char : '?'))
    .join('');
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
 * held a thread for seconds.
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

/** The PDF's bytes for a layout; the same layout gives the same bytes. */
export async function renderPdf(layout: PdfLayout): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(printable(layout.title));
  pdf.setProducer('Docket');
  pdf.setCreationDate(new Date(layout.madeAt));
  pdf.setModificationDate(new Date(layout.madeAt));
  const writer = new Writer(pdf, font, bold, { ink: rgb(0, 0, 0), muted: rgb(0.35, 0.35, 0.35) });
  for (const block of layout.blocks) {
    if ('text' in block) writer.text(block.text, block);
    else if ('gap' in block) writer.gap(block.gap);
    else writer.newPage();
  }
  return pdf.save();
}

/** The pool's task (pdf-work.ts). */
export async function render(task: TaskEnvelope & { layout: PdfLayout }): Promise<Uint8Array> {
  taskStarted(task);
  return renderPdf(task.layout);
}

/**
 * A page schema's rows as one shape (docs/product/reporting.md#dashboard): a row is stored either
 * as a plain list of cards or as `{ cards, template, title }`.
 */
import type { CardSchema, PageRow, PageSchema } from '../../reporting-api/index.ts';

export interface NormalisedRow {
  cards: CardSchema[];
  template?: string;
  title?: string;
}

const isCard = (value: unknown): value is CardSchema => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export function rowsOf(page: PageSchema): NormalisedRow[] {
  const rows: unknown[] = Array.isArray(page.rows) ? page.rows : [];
  return rows.map((row: unknown): NormalisedRow => {
    if (Array.isArray(row)) return { cards: row.filter(isCard) };
    if (isCard(row) && Array.isArray((row as { cards?: unknown }).cards)) {
      const object = row as Extract<PageRow, { cards: CardSchema[] }>;
      return { cards: object.cards.filter(isCard), template: object.template, title: object.title };
    }
    // A lone card where a row was expected is a row of one.
    return { cards: isCard(row) ? [row] : [] };
  });
}

/** The CSS grid columns of a row on wide screens: the row's, the page's, the cards' widths, or equal shares. */
export function columnsOf(row: NormalisedRow, pageTemplate: string | undefined): string {
  if (row.template?.trim()) return row.template;
  if (pageTemplate?.trim()) return pageTemplate;
  if (row.cards.some((card) => typeof card.width === 'number' && card.width > 0)) {
    return row.cards.map((card) => `minmax(0, ${typeof card.width === 'number' && card.width > 0 ? card.width : 1}fr)`).join(' ');
  }
  return `repeat(${Math.max(1, row.cards.length)}, minmax(0, 1fr))`;
}

/** The page with one card replaced (Update and Save of the card schema editor). */
export function withCardReplaced(page: PageSchema, rowIndex: number, column: number, card: CardSchema): PageSchema {
  const rows = rowsOf(page);
  const original: unknown[] = Array.isArray(page.rows) ? page.rows : [];
  const nextRows = original.map((row, index) => {
    if (index !== rowIndex) return row;
    const cards = [...(rows[index]?.cards ?? [])];
    cards[column] = card;
    return Array.isArray(row) ? cards : { ...(row as object), cards };
  });
  return { ...page, rows: nextRows as PageRow[] };
}

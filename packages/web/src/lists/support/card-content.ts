/**
 * What a card shows of a document besides its title and description: its list columns that read
 * well in a sentence (referenced names, options), and short lists of words (tags) as chips.
 * Dates, ticks and the columns the card already shows are left to the table.
 */
import type { DocumentSchema, TableColumn } from '@docket/shared';
import { cellLabels, cellValue, type Row } from './cell-value.ts';

const SHOWN_ELSEWHERE = new Set(['display_id', 'summary', 'descrip', 'status', 'created_date', 'updated_date', 'created_by']);
const LEFT_TO_TABLE = new Set(['timestamp', 'date', 'boolean', 'exists', 'selector', 'actions', 'card', 'image', 'color', 'avatar', 'id']);
export const CARD_DETAIL_LIMIT = 4;

export interface CardDetails {
  facts: { label: string; value: string }[];
  chips: string[];
}

function isWordList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}

export function cardDetails(row: Row, type: DocumentSchema | undefined, translate: (text: string) => string): CardDetails {
  const facts: CardDetails['facts'] = [];
  const chips: string[] = [];
  const columns: TableColumn[] = type?.view?.table.schema ?? [];
  for (const column of columns) {
    if (SHOWN_ELSEWHERE.has(column.id) || LEFT_TO_TABLE.has(column.type ?? '') || column.protected) continue;
    const value = cellValue(row, column);
    const hasNames = (row.data_normalised as Row | undefined)?.[column.id] !== undefined;
    if (isWordList(value) && !hasNames) {
      chips.push(...value);
      continue;
    }
    const text = cellLabels(row, column, type, translate).join(', ');
    if (text && facts.length < CARD_DETAIL_LIMIT) facts.push({ label: translate(column.label ?? column.id), value: text });
  }
  return { facts, chips };
}

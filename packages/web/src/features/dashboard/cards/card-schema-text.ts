/**
 * The card schema editor's check (docs/product/reporting.md#cards): the text must parse as JSON
 * and be an object, else 'Invalid Schema! {error}' and nothing is applied or sent.
 */
import type { CardSchema } from '../../reporting-api/index.ts';

export type ParsedCard = { card: CardSchema; error?: undefined } | { card?: undefined; error: string };

export function parseCardSchema(text: string): ParsedCard {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'a card schema must be a JSON object' };
  return { card: value as CardSchema };
}

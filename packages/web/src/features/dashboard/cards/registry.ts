/**
 * Card renderers, one file per card type under ./types (docs/product/reporting.md#cards). Each
 * file exports `renderer`; adding a card type adds a file. The renderer whose tester ranks a card
 * highest draws it; a card no tester accepts is 'Unconfigured component'.
 */
import type { CardSchema } from '../../reporting-api/index.ts';
import type { CardRenderer } from './card-types.ts';

const modules = import.meta.glob<CardRenderer>('./types/*.card.tsx', { eager: true, import: 'renderer' });

export const cardRenderers: readonly CardRenderer[] = Object.values(modules);

/** The best renderer for a card, or undefined for 'Unconfigured component'. */
export function rendererFor(card: CardSchema, renderers: readonly CardRenderer[] = cardRenderers): CardRenderer | undefined {
  let best: CardRenderer | undefined;
  let bestRank = 0;
  for (const renderer of renderers) {
    const rank = renderer.tester(card);
    if (rank > bestRank) {
      best = renderer;
      bestRank = rank;
    }
  }
  return best;
}

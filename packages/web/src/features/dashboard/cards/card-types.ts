import type { ComponentType } from 'react';
import type { CardSchema } from '../../reporting-api/index.ts';

export interface CardProps {
  card: CardSchema;
}

/**
 * One card renderer. `tester` ranks how well it fits a card schema (0: not at all); the highest
 * wins, so a specialised renderer (a pivoted Table) beats a general one without an if/else chain.
 */
export interface CardRenderer {
  name: string;
  tester: (card: CardSchema) => number;
  component: ComponentType<CardProps>;
}

/** A tester matching the card's `type`, case-insensitively, against any of `names`. */
export function typeIs(...names: string[]): (card: CardSchema) => number {
  const wanted = names.map((name) => name.toLowerCase());
  return (card) => (typeof card.type === 'string' && wanted.includes(card.type.trim().toLowerCase()) ? 1 : 0);
}

/** Table card (docs/product/reporting.md#cards); see table/table-card.tsx. */
import { TableCard } from '../table/table-card.tsx';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function Table({ card }: CardProps) {
  return <TableCard card={card} />;
}

export const renderer: CardRenderer = { name: 'Table', tester: typeIs('Table'), component: Table };

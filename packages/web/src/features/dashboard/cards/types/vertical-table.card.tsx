/** The vertical table: the Table card held in pivot mode, a row per item (docs/product/reporting.md#cards). */
import { TableCard } from '../table/table-card.tsx';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function VerticalTable({ card }: CardProps) {
  return <TableCard card={card} fixedMode="pivot" />;
}

export const renderer: CardRenderer = {
  name: 'VerticalTable',
  tester: typeIs('VerticalTable', 'VTable', 'TableV', 'PivotTable'),
  component: VerticalTable,
};

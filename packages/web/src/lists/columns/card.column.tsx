/** The whole row as a compact card (card mode 4) in one cell: lists that read like feeds. */
import { cardModeOf } from '../card-registry.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function CardCell({ row, ctx }: CellProps) {
  const Card = cardModeOf(4).Component;
  return <Card row={row} type={ctx.type} href={ctx.hrefOf(row)} lang={ctx.lang} translate={ctx.translate} />;
}

export const entry: ColumnTypeEntry = { type: 'card', Cell: CardCell };

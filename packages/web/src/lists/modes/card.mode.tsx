/**
 * Card mode: the first item and every third one full width, the others half (docs/product/forms-and-lists.md#display-modes); card
 * mode 2, or 3 (horizontal, with the image) when the view has an image column.
 */
import Grid from '@mui/material/Grid';
import ViewAgendaIcon from '@mui/icons-material/ViewAgendaOutlined';
import { cardModeOf } from '../card-registry.ts';
import type { ListModeEntry, ListModeProps } from '../list-mode.ts';

export function isFullWidthCard(index: number): boolean {
  return index % 3 === 0;
}

function CardMode({ rows, columns, type, cell, cardActions }: ListModeProps) {
  // Views with a picture column read better as horizontal cards with the image (mode 3).
  const Card = cardModeOf(columns.some((column) => column.type === 'image') ? 3 : 2).Component;
  return (
    <Grid container spacing={2} data-testid="list-cards">
      {rows.map((row, index) => (
        <Grid key={String(row.id ?? row.uuid ?? index)} size={{ xs: 12, md: isFullWidthCard(index) ? 12 : 6 }}>
          <Card row={row} type={type} href={cell.hrefOf(row)} lang={cell.lang} translate={cell.translate} actions={cardActions(row)} />
        </Grid>
      ))}
    </Grid>
  );
}

export const entry: ListModeEntry = { mode: 'card', labelKey: 'lists.modeCard', icon: <ViewAgendaIcon />, Component: CardMode };

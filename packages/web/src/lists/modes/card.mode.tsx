/** Card mode: the first item and every third one full width, the others half (spec 000 §2). */
import Grid from '@mui/material/Grid';
import ViewAgendaIcon from '@mui/icons-material/ViewAgendaOutlined';
import { cardModeOf } from '../card-registry.ts';
import type { ListModeEntry, ListModeProps } from '../list-mode.ts';

export function isFullWidthCard(index: number): boolean {
  return index % 3 === 0;
}

function CardMode({ rows, type, cell, cardActions }: ListModeProps) {
  const Card = cardModeOf(2).Component;
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

/**
 * Card mode 2: title, date and author, a few facts, the description (clamped, sanitised HTML
 * when the type's descriptions are HTML) and chips for tags; actions at the foot.
 */
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../components/rich-text.tsx';
import { statusColor } from '../columns/status.column.tsx';
import { cardDetails } from '../support/card-content.ts';
import type { CardModeEntry, DocumentCardProps } from '../card-mode.ts';
import { Byline, CardChips, CardFacts, CardTitle } from './card-parts.tsx';
import { statusLabel } from '../support/status-label.ts';
import { ToneChip } from '../../components/status-chip.tsx';

function StandardCard({ row, type, href, lang, translate, actions, overline }: DocumentCardProps) {
  const { t } = useTranslation();
  const titleId = `card-title-${String(row.id ?? row.uuid ?? '')}`;
  const details = cardDetails(row, type, translate);
  const descrip = typeof row.descrip === 'string' ? row.descrip : '';
  const status = typeof row.status === 'string' ? row.status : '';
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="document-card"
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1}>
          {overline && (
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }} data-testid="card-overline">
              {overline}
            </Typography>
          )}
          <CardTitle row={row} href={href} id={titleId} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Byline row={row} lang={lang} />
            {status && <ToneChip size="small" label={statusLabel(status, t, translate)} tone={statusColor(status)} />}
          </Stack>
          <CardFacts details={details} />
          {descrip && (
            <RichText
              text={descrip}
              sx={{ mt: 0.5, maxHeight: '9.5em', overflow: 'hidden', maskImage: 'linear-gradient(180deg, #000 70%, transparent)' }}
            />
          )}
          <CardChips chips={details.chips} label={t('news.tags')} />
        </Stack>
      </CardContent>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}

export const entry: CardModeEntry = { mode: 2, Component: StandardCard };

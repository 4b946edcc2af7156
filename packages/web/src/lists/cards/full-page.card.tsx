/**
 * Card mode 1: the document on its own page. The card is the page's header too: Back, the title
 * (the page's h1), display id, author and date, status and the header actions, then the fields.
 */
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { statusColor } from '../columns/status.column.tsx';
import type { CardModeEntry, DocumentCardProps } from '../card-mode.ts';
import { Byline, titleOf } from './card-parts.tsx';
import { useTranslation } from 'react-i18next';
import { statusLabel } from '../support/status-label.ts';
import { ToneChip } from '../../components/status-chip.tsx';

function FullPageCard({ row, lang, translate, actions, children, leading }: DocumentCardProps) {
  const { t } = useTranslation();
  const status = typeof row.status === 'string' ? row.status : '';
  const displayId = typeof row.display_id === 'string' ? row.display_id : undefined;
  return (
    <Paper component="article" aria-labelledby="document-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="document-full-card">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {leading}
          <Stack sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography variant="h5" component="h1" id="document-title" sx={{ overflowWrap: 'anywhere' }}>
              {titleOf(row)}
            </Typography>
            <Byline row={row} lang={lang} />
          </Stack>
          {displayId && <Chip label={displayId} size="small" variant="outlined" data-testid="display-id" />}
          {status && <ToneChip label={statusLabel(status, t, translate)} tone={statusColor(status)} />}
          {/* The header actions wrap onto more lines rather than push the page sideways on a phone,
              where a long label (Start inspection, in French or Spanish) leaves no room for a row. */}
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ ml: 'auto', alignItems: 'center', flexWrap: 'wrap', minWidth: 0, maxWidth: '100%' }}
            data-print="hide"
            data-testid="document-actions"
          >
            {actions}
          </Stack>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

export const entry: CardModeEntry = { mode: 1, Component: FullPageCard };

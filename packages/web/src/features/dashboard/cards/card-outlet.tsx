/**
 * One card on a page: the renderer its schema picks, inside its own error boundary, with the
 * schema editor button while the layout is being edited (docs/product/reporting.md#cards).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DataObjectIcon from '@mui/icons-material/DataObject';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import { useDashboardData } from '../dashboard-data.tsx';
import type { CardPosition } from '../dashboard-data.tsx';
import { CardErrorBoundary } from './card-error-boundary.tsx';
import { CardSchemaDialog } from './card-schema-dialog.tsx';
import { CardMessage } from './card-message.tsx';
import { rendererFor } from './registry.ts';
import type { CardSchema } from '../../reporting-api/index.ts';

interface Props {
  card: CardSchema;
  pageName: string;
  position: CardPosition;
}

export function CardOutlet({ card, pageName, position }: Props) {
  const { t } = useTranslation();
  const { isEditingLayout, replaceCard } = useDashboardData();
  const [isEditing, setIsEditing] = useState(false);
  const renderer = rendererFor(card);
  const Renderer = renderer?.component;
  const key = JSON.stringify(card);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, height: '100%', position: 'relative', minWidth: 0, overflow: 'hidden' }}
      data-testid="dashboard-card"
      data-card-type={renderer?.name ?? 'Unconfigured'}
    >
      {isEditingLayout && (
        <Tooltip title={t('cards.editSchema')}>
          <IconButton
            size="small"
            aria-label={t('cards.editSchema')}
            onClick={() => setIsEditing(true)}
            sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1, bgcolor: 'background.paper' }}
          >
            <DataObjectIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <CardErrorBoundary message={t('cards.failed')} resetKey={key}>
        {Renderer ? <Renderer card={card} /> : <CardMessage text={t('cards.unconfigured')} />}
      </CardErrorBoundary>
      {isEditing && (
        <CardSchemaDialog
          card={card}
          onApply={(next, save) => replaceCard(pageName, position, next, save)}
          onClose={() => setIsEditing(false)}
        />
      )}
    </Paper>
  );
}

/**
 * The document a child was raised from, by display id (docs/product/workflow-and-timeline.md#tracked-actions):
 * 'Raised from INS-00003 · Warehouse safety walk…', a link to it. Shown when the server answered
 * the parent's display id, i.e. when the reader may read the parent.
 */
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DocumentAnswer } from '@docket/shared';
import { documentHref } from './document-links.ts';

export function ParentLink({ parent }: { parent: NonNullable<DocumentAnswer['meta']['parent']> }) {
  const { t } = useTranslation();
  if (!parent.display_id || !parent.doc_type) return null;
  return (
    <Paper sx={{ px: 2, py: 1 }} data-testid="parent-link">
      <Typography variant="body2">
        {t('inspections.raisedFrom')}{' '}
        <Link component={RouterLink} to={documentHref(parent.doc_type, parent.doc_id)} sx={{ fontWeight: 600 }}>
          {parent.display_id}
        </Link>
        {parent.summary ? ` · ${parent.summary}` : ''}
      </Typography>
    </Paper>
  );
}

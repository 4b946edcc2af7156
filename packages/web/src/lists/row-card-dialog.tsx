/**
 * The card of a chosen row, in a dialog (docs/product/forms-and-lists.md#document-page: types whose view has ui schemas): the
 * row's fields laid out by the view's first ui schema, read-only, with Open when it has a page.
 */
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { LazyDocumentForm as DocumentForm } from '../forms/lazy-document-form.tsx';
import type { Translate } from '../forms/schema-i18n.ts';
import type { Viewer } from './filter-dialog.tsx';
import { titleOf } from './cards/card-parts.tsx';
import type { Row } from './support/cell-value.ts';

interface RowCardDialogProps {
  row: Row | null;
  type: DocumentSchema;
  viewer: Viewer;
  translate: Translate;
  href: string | undefined;
  onClose: () => void;
}

export function RowCardDialog({ row, type, viewer, translate, href, onClose }: RowCardDialogProps) {
  const { t } = useTranslation();
  const uischema = Object.values(type.view?.uiSchemas ?? {})[0];
  const schema = type.form?.schema;
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="row-card-title">
      <DialogTitle id="row-card-title">{row ? titleOf(row) : ''}</DialogTitle>
      <DialogContent dividers data-testid="row-card">
        {row && schema && (
          <DocumentForm
            schema={schema}
            uischema={uischema}
            data={row}
            mode="read"
            appId={viewer.appId}
            userId={viewer.userId}
            lang={viewer.lang}
            translate={translate}
            resources={type.resources}
            normalised={(row.data_normalised as Record<string, unknown> | undefined) ?? undefined}
          />
        )}
      </DialogContent>
      <DialogActions>
        {href && (
          <Button component={RouterLink} to={href}>
            {t('documents.open')}
          </Button>
        )}
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

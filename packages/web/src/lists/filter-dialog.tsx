/**
 * The filter popup (docs/product/forms-and-lists.md#filters): the type's filter schema as a form in filter mode (no
 * required rules, scope fields only for administrators: shared `filterSchemaOf`), turned into a
 * filter-language expression on Apply. Save Global stores that expression as the type's global
 * filter (administrators, where the schema allows merging).
 */
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { filterSchemaOf, type DocumentSchema, type FieldCatalog } from '@docket/shared';
import { LazyDocumentForm as DocumentForm } from '../forms/lazy-document-form.tsx';
import { filterFromData } from '../forms/support/filter-expression.ts';
import type { Translate } from '../forms/schema-i18n.ts';
import type { ListFilter } from './list-preferences.ts';

export interface Viewer {
  appId: string;
  userId: string;
  lang: string;
  isAdministrator: boolean;
  /** The organisation's time zone: its 'today' starts form dates (docs/product/reporting.md#kpi-maths). */
  timeZone?: string;
}

interface FilterDialogProps {
  isOpen: boolean;
  title: string;
  type: DocumentSchema;
  catalog: FieldCatalog;
  filter: ListFilter;
  viewer: Viewer;
  translate: Translate;
  onApply: (filter: ListFilter) => void;
  onSaveGlobal?: (expression: string) => void;
  onClose: () => void;
}

export function FilterDialog(props: FilterDialogProps) {
  const { isOpen, title, type, catalog, filter, viewer, translate, onApply, onSaveGlobal, onClose } = props;
  const { t } = useTranslation();
  const form = useMemo(() => filterSchemaOf(type, { isAdministrator: viewer.isAdministrator }), [type, viewer.isAdministrator]);
  // Without a filter layout of its own, the criteria sit two to a row: a filter is scanned, not read.
  const uischema = useMemo(
    () =>
      form.uiSchema ?? {
        type: 'VerticalLayout',
        options: { grid: 2 },
        elements: Object.keys(form.schema.properties ?? {}).map((name) => ({ type: 'Control', scope: `#/properties/${name}` })),
      },
    [form],
  );
  const [data, setData] = useState<Record<string, unknown>>(filter.data);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    // Each opening starts from the filter in force, not from an abandoned edit.
    setWasOpen(isOpen);
    if (isOpen) setData(filter.data);
  }
  const outcome = () => filterFromData(data, form.schema, catalog, translate);
  const apply = () => {
    const { expression, order, chips } = outcome();
    onApply({ ...filter, data, expression, order, chips });
    onClose();
  };
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="filter-dialog-title">
      <DialogTitle id="filter-dialog-title">{t('form.filterTitle', { title })}</DialogTitle>
      <DialogContent dividers data-testid="filter-form">
        <DocumentForm
          schema={form.schema}
          uischema={uischema}
          data={data}
          onChange={setData}
          mode="filter"
          appId={viewer.appId}
          userId={viewer.userId}
          lang={viewer.lang}
          translate={translate}
          resources={type.resources}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button onClick={() => setData({})}>{t('form.clear')}</Button>
        {onSaveGlobal && (
          <Button
            onClick={() => {
              onSaveGlobal(outcome().expression);
              apply();
            }}
          >
            {t('form.saveGlobal')}
          </Button>
        )}
        <Button variant="contained" onClick={apply}>
          {t('form.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

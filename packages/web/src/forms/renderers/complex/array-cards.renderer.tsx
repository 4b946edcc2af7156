/**
 * Lists of objects (docs/product/forms-and-lists.md#form-layouts): each item in a bordered card with a remove button,
 * then an 'Add {label}' button. Problems that concern a whole item (e.g. "each unsafe act needs
 * an action") show on its card, since no single control owns them.
 */
import { createDefaultValue, isObjectArrayControl, rankWith, type ArrayLayoutProps } from '@jsonforms/core';
import { JsonFormsDispatch, useJsonForms, withJsonFormsArrayLayoutProps } from '@jsonforms/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { truncate } from '../../../components/format-date.ts';
import { useFormServices } from '../../form-services.ts';
import { firstError } from '../../support/control-props.ts';
import { readPath } from '../../support/value-parsing.ts';
import { useDetailUiSchema } from '../../support/use-detail-ui-schema.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function ArrayCardsRenderer(props: ArrayLayoutProps) {
  const {
    data: count,
    path,
    schema,
    uischema,
    rootSchema,
    label,
    enabled,
    visible,
    addItem,
    removeItems,
    renderers,
    cells,
    uischemas,
    errors,
  } = props;
  const { t } = useTranslation();
  const { mode, translate, problemsByPath } = useFormServices();
  const rootData = useJsonForms().core?.data;
  const detail = useDetailUiSchema({ uischemas, schema, uischema, path, rootSchema });
  if (!visible) return null;
  const isReadOnly = mode === 'read' || !enabled;
  const itemLabel = translate(typeof schema.title === 'string' ? schema.title : label);
  const labelProp = typeof uischema.options?.elementLabelProp === 'string' ? uischema.options.elementLabelProp : undefined;
  const error = firstError(errors);
  const titleOf = (index: number) => {
    const text = labelProp ? readPath(rootData, `${path}.${index}.${labelProp}`) : undefined;
    return typeof text === 'string' && text.trim() ? `${index + 1}. ${truncate(text, 60)}` : `${itemLabel} ${index + 1}`;
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={label}>
      <Typography variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      {count === 0 && isReadOnly && <Typography color="text.secondary">—</Typography>}
      {Array.from({ length: count }, (_unused, index) => {
        const itemPath = `${path}.${index}`;
        const itemProblems = problemsByPath.get(itemPath) ?? [];
        return (
          <Paper
            key={itemPath}
            variant="outlined"
            sx={{ p: 2, borderColor: itemProblems.length ? 'error.main' : undefined }}
            data-testid="array-item"
          >
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
              <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
                {titleOf(index)}
              </Typography>
              {!isReadOnly && (
                <Tooltip title={t('forms.removeItem', { label: itemLabel, index: String(index + 1) })}>
                  <IconButton
                    onClick={removeItems?.(path, [index])}
                    aria-label={t('forms.removeItem', { label: itemLabel, index: String(index + 1) })}
                    size="small"
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
            {itemProblems.map((message) => (
              <Alert key={message} severity="error" sx={{ mb: 1.5 }}>
                {message}
              </Alert>
            ))}
            <JsonFormsDispatch schema={schema} uischema={detail} path={itemPath} enabled={enabled} renderers={renderers} cells={cells} />
          </Paper>
        );
      })}
      {error && <FormHelperText error>{error}</FormHelperText>}
      {!isReadOnly && (
        <div>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={addItem(path, createDefaultValue(schema, rootSchema))}>
            {t('forms.addItem', { label: itemLabel })}
          </Button>
        </div>
      )}
    </Stack>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, isObjectArrayControl),
  renderer: withJsonFormsArrayLayoutProps(ArrayCardsRenderer),
};

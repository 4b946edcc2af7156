/**
 * A list of survey items (docs/product/documents-and-schemas.md#survey-and-risk): grouped under
 * their categories, each rated with notes and, when Poor, an 'Add Action' link creating an action
 * linked to the item. The item's definition (category, title, questions) stays editable under
 * 'Details' for the people who maintain it. With `options.isTemplate` — the checklist, which is
 * the template of inspections (docs/product/documents-and-schemas.md#checklists) — items show
 * their questions and guidance only: no rating, notes or Add Action. Chosen for any list whose
 * items carry a rating `value` with options and `valueAdd` notes, or by `options.renderer: 'survey'`.
 */
import { useMemo, useState } from 'react';
import { Actions, createDefaultValue, optionIs, or, rankWith, schemaMatches, type ArrayLayoutProps } from '@jsonforms/core';
import { JsonFormsDispatch, useJsonForms, withJsonFormsArrayLayoutProps } from '@jsonforms/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '@docket/shared';
import { useFormServices } from '../../form-services.ts';
import { choicesOf } from '../../support/schema-options.ts';
import { readPath } from '../../support/value-parsing.ts';
import { SurveyItemCard, type SurveyEntry } from './survey-item-card.tsx';
import { useDetailUiSchema } from '../../support/use-detail-ui-schema.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function SurveyItemsRenderer(props: ArrayLayoutProps) {
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
  } = props;
  const { t } = useTranslation();
  const { mode, translate, onAddAction } = useFormServices();
  const ctx = useJsonForms();
  const [openDetails, setOpenDetails] = useState<number | null>(null);
  const detail = useDetailUiSchema({ uischemas, schema, uischema, path, rootSchema });
  const ratings = useMemo(() => choicesOf((schema as JsonSchema).properties?.value, translate), [schema, translate]);
  const isTemplate = (uischema.options as { isTemplate?: unknown } | undefined)?.isTemplate === true;
  if (!visible) return null;
  const isReadOnly = mode === 'read' || !enabled;
  const entries = (readPath(ctx.core?.data, path) ?? []) as SurveyEntry[];
  const change = (at: string, value: unknown) => ctx.dispatch?.(Actions.update(at, () => value));
  const addAction = (entry: SurveyEntry, at: string) =>
    onAddAction ? () => onAddAction({ path: at, title: entry.title || entry.category || '', category: entry.category }) : undefined;
  if (count === 0 && isReadOnly) return <Alert severity="info">{t('forms.noSurveyCategories')}</Alert>;
  return (
    <Stack spacing={2} component="section" aria-label={label} data-testid="survey">
      <Typography variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      {entries.map((entry, index) => {
        const at = `${path}.${index}`;
        const isNewCategory = index === 0 || entries[index - 1]?.category !== entry.category;
        if (isReadOnly && (entry as { hidden?: boolean }).hidden) return null;
        return (
          <Stack key={at} spacing={1}>
            {isNewCategory && entry.category && (
              <Chip label={entry.category} color="primary" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
            )}
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
                  <SurveyItemCard
                    entry={entry}
                    path={at}
                    ratings={ratings}
                    isTemplate={isTemplate}
                    isReadOnly={isReadOnly}
                    onChange={change}
                    onAddAction={addAction(entry, at)}
                    level={0}
                  />
                  {((entry as { children?: SurveyEntry[] }).children ?? []).map((child, childIndex) => (
                    <SurveyItemCard
                      key={childIndex}
                      entry={child}
                      path={`${at}.children.${childIndex}`}
                      ratings={ratings}
                      isTemplate={isTemplate}
                      isReadOnly={isReadOnly}
                      onChange={change}
                      onAddAction={addAction(child, `${at}.children.${childIndex}`)}
                      level={1}
                    />
                  ))}
                </Stack>
                {!isReadOnly && (
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('forms.itemDetails', { index: String(index + 1) })}
                      aria-expanded={openDetails === index}
                      onClick={() => setOpenDetails(openDetails === index ? null : index)}
                      size="small"
                    >
                      <TuneIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('forms.removeItem', { label: entry.title || entry.category || '', index: String(index + 1) })}
                      onClick={removeItems?.(path, [index])}
                      size="small"
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Stack>
                )}
              </Stack>
              <Collapse in={openDetails === index} unmountOnExit data-testid="survey-item-details">
                <Divider sx={{ my: 2 }} />
                <JsonFormsDispatch schema={schema} uischema={detail} path={at} enabled={enabled} renderers={renderers} cells={cells} />
              </Collapse>
            </Paper>
          </Stack>
        );
      })}
      {!isReadOnly && (
        <div>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={addItem(path, createDefaultValue(schema, rootSchema))}>
            {t('forms.addItem', { label: translate(typeof schema.title === 'string' ? schema.title : t('forms.surveyItem')) })}
          </Button>
        </div>
      )}
    </Stack>
  );
}

const isRatedList = schemaMatches((schema) => {
  const item = (schema as JsonSchema).type === 'array' ? (schema as JsonSchema).items : undefined;
  const value = item?.properties?.value;
  return Boolean(item?.properties?.valueAdd && value && (value.oneOf ?? value.enum));
});

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.named, or(optionIs('renderer', 'survey'), isRatedList)),
  renderer: withJsonFormsArrayLayoutProps(SurveyItemsRenderer),
};

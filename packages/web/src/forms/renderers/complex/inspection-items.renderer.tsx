/**
 * An inspection's items (docs/product/documents-and-schemas.md#inspections): the checklist
 * revision it started from, the live score (achieved / maximum over the applicable items, kept in
 * view while scrolling), and one card per item under its category: Poor / Sufficient / Good or
 * N/A, notes, photos, and an action raised from a Poor item
 * (docs/product/workflow-and-timeline.md#tracked-actions). Chosen by `options.renderer: 'inspection'`.
 */
import { useMemo } from 'react';
import { Actions, optionIs, rankWith, type ArrayLayoutProps } from '@jsonforms/core';
import { useJsonForms, withJsonFormsArrayLayoutProps } from '@jsonforms/react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { inspectionScore, type InspectionItem, type InspectionTemplateSnapshot, type JsonSchema } from '@docket/shared';
import { useChildDocuments } from '../../../api/records-api.ts';
import { useFormServices } from '../../form-services.ts';
import { choicesOf } from '../../support/schema-options.ts';
import { readPath } from '../../support/value-parsing.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';
import { InspectionItemCard } from './inspection-item-card.tsx';
import { InspectionScoreBar } from './inspection-score-bar.tsx';

function InspectionItemsRenderer(props: ArrayLayoutProps) {
  const { path, schema, label, enabled, visible } = props;
  const { t } = useTranslation();
  const { mode, translate, appId } = useFormServices();
  const ctx = useJsonForms();
  const root = (ctx.core?.data ?? {}) as Record<string, unknown>;
  const items = (readPath(root, path) ?? []) as InspectionItem[];
  const docId = typeof root.id === 'number' ? root.id : undefined;
  const template = root.template as InspectionTemplateSnapshot | undefined;
  const itemSchema = (schema as JsonSchema).type === 'array' ? (schema as JsonSchema).items : (schema as JsonSchema);
  const ratings = useMemo(() => choicesOf(itemSchema?.properties?.value, translate), [itemSchema, translate]);
  const children = useChildDocuments(appId, docId ?? 0, docId !== undefined);
  const displayIds = useMemo(
    () => new Map((children.data ?? []).map((child) => [Number(child.id), String(child.display_id ?? child.id)])),
    [children.data],
  );
  const score = inspectionScore(items);
  if (!visible) return null;
  const isReadOnly = mode === 'read' || !enabled;
  const change = (at: string, value: unknown) => ctx.dispatch?.(Actions.update(at, () => value));
  return (
    <Stack spacing={2} component="section" aria-label={label || t('inspections.items')} data-testid="inspection">
      <InspectionScoreBar score={score} template={template} />
      {items.length === 0 && <Alert severity="info">{t('forms.noSurveyCategories')}</Alert>}
      {!isReadOnly && docId === undefined && items.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('inspections.photosAfterSave')}
        </Typography>
      )}
      {items.map((item, index) => {
        const isNewCategory = index === 0 || items[index - 1]?.category !== item.category;
        return (
          <Stack key={item.key} spacing={1}>
            {isNewCategory && item.category && (
              <Chip label={item.category} color="primary" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
            )}
            <InspectionItemCard
              item={item}
              path={`${path}.${index}`}
              itemSchema={itemSchema}
              ratings={ratings}
              docId={docId}
              actionDisplayId={item.action_id === undefined ? undefined : displayIds.get(item.action_id)}
              isReadOnly={isReadOnly}
              onChange={change}
            />
          </Stack>
        );
      })}
      {template && (
        <Typography variant="caption" color="text.secondary">
          {t('inspections.templateNote', { title: template.title, id: template.display_id, revision: String(template.revision) })}
        </Typography>
      )}
    </Stack>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.named + 1, optionIs('renderer', 'inspection')),
  renderer: withJsonFormsArrayLayoutProps(InspectionItemsRenderer),
};

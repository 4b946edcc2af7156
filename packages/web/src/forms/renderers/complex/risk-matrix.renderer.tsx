/**
 * Risk matrices (`options.renderer: 'riskMatrix'`, `options.resource`: the title of one of the
 * type's `matrix` resources, in either configuration shape). One choice per metric; the score,
 * criticality and investigation flag are recalculated on every change (docs/product/documents-and-schemas.md#survey-and-risk).
 * The first two metrics are also drawn as a coloured grid to choose from (risk-grid.tsx).
 */
import { useMemo } from 'react';
import { optionIs, rankWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormServices } from '../../form-services.ts';
import { findResource } from '../../support/initial-data.ts';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { bandOf, computeRisk, criticalityColor, riskMatrixFromResource, type RiskValue } from '../../support/risk-matrix-model.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';
import { RiskGrid } from './risk-grid.tsx';
import { ToneChip } from '../../../components/status-chip.tsx';

function RiskMatrixControl({ data, handleChange, path, label, errors, enabled, visible, uischema, id, config }: ControlProps) {
  const { t } = useTranslation();
  const { resources, translate } = useFormServices();
  const resourceTitle = String(uischema.options?.resource ?? '');
  const matrix = useMemo(() => riskMatrixFromResource(findResource(resources, resourceTitle)?.data), [resources, resourceTitle]);
  if (!visible) return null;
  if (!matrix || matrix.metrics.length === 0) {
    return (
      <Alert severity="warning" data-testid="risk-matrix-missing">
        {t('forms.noRiskMatrix')}
      </Alert>
    );
  }
  const current = (data && typeof data === 'object' ? data : {}) as Partial<RiskValue>;
  const risk = computeRisk(matrix, current.values);
  const band = bandOf(matrix, risk.score);
  const isReadOnly = modeOf(config) === 'read' || !enabled;
  const baseId = domId(id, path);
  const error = firstError(errors);
  const choose = (metricId: string, value: number) => handleChange(path, computeRisk(matrix, { ...risk.values, [metricId]: value }));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={label} data-testid="risk-matrix">
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {label}
      </Typography>
      <Grid container spacing={2}>
        {matrix.metrics.map((metric) => {
          const chosen = risk.values[metric.id];
          const option = metric.options.find((o) => o.value === chosen);
          return (
            <Grid key={metric.id} size={{ xs: 12, sm: 6 }}>
              {isReadOnly ? (
                <Stack>
                  <Typography variant="caption" color="text.secondary">
                    {translate(metric.title)}
                  </Typography>
                  <Typography>{option ? `${translate(option.label)} (${option.value})` : '—'}</Typography>
                </Stack>
              ) : (
                <TextField
                  select
                  fullWidth
                  id={`${baseId}-${metric.id}`}
                  label={translate(metric.title)}
                  value={chosen === undefined ? '' : String(chosen)}
                  onChange={(event) => choose(metric.id, Number(event.target.value))}
                >
                  {metric.options.map((o) => (
                    <MenuItem key={o.value} value={String(o.value)}>
                      {`${translate(o.label)} (${o.value})`}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Grid>
          );
        })}
      </Grid>
      <RiskGrid
        matrix={matrix}
        values={risk.values}
        translate={translate}
        isReadOnly={isReadOnly}
        onChoose={(values) => handleChange(path, computeRisk(matrix, values))}
      />
      <Stack direction="row" spacing={1.5} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }} aria-live="polite">
        <Typography data-testid="risk-score">{t('forms.riskScore', { score: String(risk.score) })}</Typography>
        {band ? (
          <ToneChip variant="filled" label={translate(band.label)} tone={criticalityColor(band.label)} data-testid="risk-criticality" />
        ) : (
          <Chip label={t('forms.riskUnclassified')} variant="outlined" data-testid="risk-criticality" />
        )}
        {band?.investigation && <Chip label={t('forms.investigationRequired')} variant="outlined" color="error" />}
      </Stack>
      {band?.action && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate(band.action)}
        </Typography>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Paper>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.named, optionIs('renderer', 'riskMatrix')),
  renderer: withJsonFormsControlProps(RiskMatrixControl),
};

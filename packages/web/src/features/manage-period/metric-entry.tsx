/**
 * Metric entry (docs/product/reporting.md#report-data): a numeric field per manual metric,
 * editable only when the item is not a tally, with the target and deviation warnings as the user
 * types and a reason field labelled 'Reason required' or 'Additional Info'.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ValueCheckProblem } from '@docket/shared';
import { metricDescription, metricLabel } from '../reporting-api/index.ts';
import type { CheckedRow } from './metric-entry-model.ts';

/** The shared checks speak English (the server's 400 uses the same words); the screen speaks the user's language. */
export function problemText(problem: ValueCheckProblem, t: TFunction): string {
  const target = /\(Target is (.+)\)$/.exec(problem.message);
  if (problem.check === 'target' && target) return t('managePeriod.targetMissed', { target: target[1] });
  const deviation = /^Deviation of (.+) is higher than (.+)%$/.exec(problem.message);
  if (problem.check === 'deviation' && deviation) return t('managePeriod.deviation', { change: deviation[1], percent: deviation[2] });
  return problem.message;
}

interface MetricEntryProps {
  rows: readonly CheckedRow[];
  isReadOnly: boolean;
  onChange: (metric: string, change: { text?: string; reason?: string }) => void;
}

export function MetricEntry({ rows, isReadOnly, onChange }: MetricEntryProps) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return <Typography color="text.secondary">{t('managePeriod.noManualMetrics')}</Typography>;
  return (
    <Stack spacing={2} data-testid="metric-entry">
      {isReadOnly && <Alert severity="info">{t('managePeriod.tallyNote')}</Alert>}
      {rows.map((row) => {
        const name = row.metric.name;
        const label = metricLabel(row.metric, i18n.language);
        const unit = row.metric.unit && row.metric.unit !== '#' ? row.metric.unit : undefined;
        const isReasonRequired = row.problems.some((problem) => problem.reasonRequired);
        const fieldId = `metric-${name}`;
        return (
          <Stack key={name} spacing={1} data-testid="metric-row" data-metric={name}>
            <TextField
              id={fieldId}
              label={label}
              value={row.text}
              disabled={isReadOnly}
              onChange={(event) => onChange(name, { text: event.target.value })}
              error={row.isNotANumber}
              helperText={row.isNotANumber ? t('managePeriod.notANumber') : metricDescription(row.metric, i18n.language)}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': `metric-input-${name}` },
                input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
              }}
              fullWidth
            />
            {row.problems.map((problem) => (
              <Alert key={problem.check} severity={problem.reasonRequired ? 'error' : 'warning'} data-testid="metric-warning">
                {problemText(problem, t)}
                {problem.hint && <Typography variant="body2">{problem.hint}</Typography>}
              </Alert>
            ))}
            {row.problems.length > 0 && !isReadOnly && (
              <TextField
                label={isReasonRequired ? t('managePeriod.reasonRequired') : t('managePeriod.additionalInfo')}
                value={row.reason}
                required={isReasonRequired}
                error={row.needsReason}
                onChange={(event) => onChange(name, { reason: event.target.value })}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': `metric-reason-${name}` } }}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

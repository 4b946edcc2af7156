/**
 * The right side of Manage Period for an item the user may edit, or a new one
 * (docs/product/reporting.md#report-data): the report data form with the scope rules
 * (report-data-form.ts) and, unless the item is a tally, the metric entry. Save refuses while a
 * value is not a number or a required reason is missing; the server's refusal (a 400 naming the
 * metric) is shown in place, not only in the message bar.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DocumentSchema } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { LazyDocumentForm } from '../../forms/lazy-document-form.tsx';
import type { Translate } from '../../forms/schema-i18n.ts';
import { useFormProblems } from '../../forms/use-form-problems.ts';
import { withoutNulls } from '../../forms/support/initial-data.ts';
import type { Viewer } from '../../lists/filter-dialog.tsx';
import { useSaveReportData } from '../reporting-api/index.ts';
import { useItemHistory } from './api.ts';
import { MetricEntry } from './metric-entry.tsx';
import { blockingRows, checkRows, deviationBaselines, initialRows, manualValuesOf, type EntryRow } from './metric-entry-model.ts';
import { reportDataForm, showsMetricEntry } from './report-data-form.ts';
import type { ReportDataItem, ReportMetric } from './types.ts';

interface ItemEditorProps {
  type: DocumentSchema;
  viewer: Viewer;
  translate: Translate;
  /** The stored item, or the defaults of a new one (id 0). */
  item: ReportDataItem;
  title: string;
  metrics: readonly ReportMetric[];
  onSaved: (saved: ReportDataItem, wasCreated: boolean) => void;
  onCancel: () => void;
}

export function ItemEditor({ type, viewer, translate, item, title, metrics, onSaved, onCancel }: ItemEditorProps) {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const isNew = item.id === 0;
  const save = useSaveReportData(viewer.appId, item.report_id);
  const form = useMemo(() => (type.form?.schema ? reportDataForm(type.form.schema) : undefined), [type]);
  const [data, setData] = useState<Record<string, unknown>>(() => withoutNulls(item as unknown as Record<string, unknown>, form?.schema));
  const [entries, setEntries] = useState<EntryRow[]>(() => initialRows(metrics, item));
  const [serverError, setServerError] = useState<string | null>(null);
  const history = useItemHistory(viewer.appId, isNew ? undefined : item);
  const baselines = useMemo(
    () => deviationBaselines(metrics, history.data ?? [], item.report_date),
    [metrics, history.data, item.report_date],
  );
  const rows = useMemo(() => checkRows(entries, { ...item, ...data } as ReportDataItem, baselines), [entries, item, data, baselines]);
  const problems = useFormProblems(form?.schema, data, true, translate);
  const blocking = blockingRows(rows);
  const hasMetrics = showsMetricEntry(data);
  const isTally = data.tally === true && data.scope !== 9;

  const changeEntry = (metric: string, change: { text?: string; reason?: string }) =>
    setEntries((previous) => previous.map((row) => (row.metric.name === metric ? { ...row, ...change } : row)));

  const submit = () => {
    if (problems.length > 0 || (hasMetrics && blocking.length > 0) || save.isPending) {
      if (blocking.length > 0) setServerError(t('managePeriod.fixBeforeSaving'));
      return;
    }
    setServerError(null);
    const { id: _id, ...fields } = data;
    const body = hasMetrics && !isTally ? { ...fields, user: manualValuesOf(rows, item.user) } : fields;
    save.mutate((isNew ? body : { ...body, id: item.id }) as Partial<ReportDataItem>, {
      onSuccess: (saved) => {
        showMessage(t('managePeriod.dataSaved'), 'success');
        onSaved(saved, isNew);
      },
      onError: (error) => {
        const text = describeError(error, t, isNew ? t('managePeriod.saveError') : t('managePeriod.updateError'));
        setServerError(text);
        showMessage(text, 'error');
      },
    });
  };

  return (
    <Paper
      component="form"
      noValidate
      aria-labelledby="item-editor-title"
      aria-busy={save.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ p: { xs: 2, sm: 3 } }}
      data-testid="item-editor"
    >
      <Stack spacing={2}>
        <Typography id="item-editor-title" variant="h6" component="h2">
          {title}
        </Typography>
        {form && (
          <LazyDocumentForm
            schema={form.schema}
            uischema={form.uiSchema}
            data={data}
            onChange={setData}
            mode="edit"
            problems={problems}
            appId={viewer.appId}
            userId={viewer.userId}
            lang={viewer.lang}
            translate={translate}
            resources={type.resources}
            normalised={(item.data_normalised as Record<string, unknown> | undefined) ?? undefined}
          />
        )}
        {hasMetrics && (
          <>
            <Divider />
            <Typography variant="subtitle1" component="h3">
              {t('managePeriod.metrics')}
            </Typography>
            <MetricEntry rows={rows} isReadOnly={isTally} onChange={changeEntry} />
          </>
        )}
        {serverError && (
          <Alert severity="error" role="alert" data-testid="item-editor-error">
            {serverError}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || problems.length > 0}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The document's workflow bar: status (with Overdue or Unknown), due date, who the current step
 * waits for, the problems a submit would meet, and the actions offered to the caller.
 */
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/describe-error.ts';
import { useSession } from '../../app/session-context.tsx';
import { formatDate } from '../../components/format-date.ts';
import { WorkflowActions } from './workflow-actions.tsx';
import { useWorkflowView } from './workflow-api.ts';
import { WorkflowStatusChip } from './workflow-status-chip.tsx';

export function WorkflowBar({ docId }: { docId: number; docType?: string }) {
  const { t, i18n } = useTranslation();
  const { appId } = useSession();
  const workflow = useWorkflowView(appId, docId);
  if (workflow.isPending || workflow.data === null) return null;
  if (workflow.isError) return <Alert severity="error">{describeError(workflow.error, t, t('workflow.loadError'))}</Alert>;
  const view = workflow.data;
  const waiting = [...new Set(view.steps.filter((step) => step.next).flatMap((step) => step.users.map((user) => user.display_name)))];

  return (
    <Paper component="section" aria-label={t('workflow.label')} data-testid="workflow-bar" sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography variant="subtitle1" component="h2">
          {t('workflow.label')}
        </Typography>
        <WorkflowStatusChip status={view.status} isOverdue={view.overdue} />
        {view.due_date && !view.closed && (
          <Typography variant="body2" color={view.overdue ? 'error' : 'text.secondary'}>
            {t('workflow.due', { date: formatDate(view.due_date, i18n.language) })}
          </Typography>
        )}
        {!view.closed && waiting.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('workflow.waitingFor', { names: waiting.join(', ') })}
          </Typography>
        )}
      </Stack>
      {view.problems.length > 0 && view.actions.some((offer) => offer.invalid) && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="workflow-problems">
          {view.problems.map((problem) => (
            <div key={`${problem.path}:${problem.message}`}>{problem.message}</div>
          ))}
        </Alert>
      )}
      <WorkflowActions key={`${view.status}:${view.status_date ?? ''}`} appId={appId} view={view} />
    </Paper>
  );
}

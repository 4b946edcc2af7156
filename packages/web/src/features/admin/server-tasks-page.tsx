/**
 * admin/settings/tasks: the server tasks (docs/product/administration.md#server-tasks), each with
 * what it does, and a button with its states: idle, then running (disabled, 'Running... (this
 * action may take a while …)'), then the task's returned descrip and outcome (or the failure as
 * text) in place of the description, then idle.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SERVER_TASK_DESCRIPS, type ServerTaskName } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { runServerTask } from '../../api/org-platform-api.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { AdminGate } from './admin-gate.tsx';

/** The tasks the server offers (shared with modules/server-tasks/task-registry.ts), in the order shown. */
export const SERVER_TASK_NAMES = Object.keys(SERVER_TASK_DESCRIPS) as ServerTaskName[];
type TaskName = ServerTaskName;

export default function ServerTasksPage() {
  const { t } = useTranslation();
  return (
    <AdminGate section={t('serverTasks.title')}>
      <ServerTasks />
    </AdminGate>
  );
}

function ServerTasks() {
  const { t } = useTranslation();
  usePageTitle(t('serverTasks.title'), { label: t('admin.title'), to: '/admin/configuration' });
  return (
    <Stack spacing={2}>
      <Paper sx={{ px: 2, py: 1.5 }}>
        <Typography variant="h5" component="h1">
          {t('serverTasks.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('serverTasks.intro')}
        </Typography>
      </Paper>
      {SERVER_TASK_NAMES.map((name) => (
        <ServerTaskCard key={name} name={name} />
      ))}
    </Stack>
  );
}

function ServerTaskCard({ name }: { name: TaskName }) {
  const { t } = useTranslation();
  const { appId } = useSession();
  const [isAnswerShown, setIsAnswerShown] = useState(false);
  const task = useMutation({ mutationFn: () => runServerTask(appId, name), onSettled: () => setIsAnswerShown(true) });
  const answer = task.data?.data;
  const title = t(`serverTasks.names.${name}`);
  return (
    <Card component="section" aria-label={title} data-testid={`server-task-${name}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
              {title}
            </Typography>
            <Button
              variant="contained"
              disabled={task.isPending}
              startIcon={task.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              onClick={() => {
                setIsAnswerShown(false);
                task.mutate();
              }}
            >
              {t('serverTasks.run')}
            </Button>
          </Stack>
          {!(isAnswerShown && !task.isPending) && (
            <Typography variant="body2" color="text.secondary" data-testid="server-task-descrip">
              {t(`serverTasks.descrips.${name}`)}
            </Typography>
          )}
          {task.isPending && (
            <Alert severity="info" role="status" data-testid="server-task-running">
              {t('serverTasks.running')}
            </Alert>
          )}
          {isAnswerShown && !task.isPending && answer && (
            <Alert severity={answer.status === 'failed' ? 'error' : 'success'} role="status" data-testid="server-task-answer">
              <Typography variant="body2">{answer.descrip}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="server-task-result">
                {answer.result ?? t('serverTasks.stillRunning')}
              </Typography>
            </Alert>
          )}
          {isAnswerShown && !task.isPending && task.isError && (
            <Alert severity="error" role="alert" data-testid="server-task-answer">
              {describeError(task.error, t, t('serverTasks.failed'))}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

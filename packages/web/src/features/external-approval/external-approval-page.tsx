import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExternalApprovalSummary } from '@docket/shared';
import { actOnExternalApproval, lookupExternalApproval } from '../../api/external-approval-api.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useEmailedLink } from '../../components/use-emailed-link.ts';

/** Refusals the link can meet, by the server's code, in the reader's language. */
const REFUSALS = {
  not_found: 'externalApproval.unknown',
  link_expired: 'externalApproval.expired',
  link_used: 'externalApproval.used',
  conflict: 'externalApproval.movedOn',
  rate_limited: 'externalApproval.tooMany',
} as const;

/**
 * `#/external-approval?app=&token=`: the link an external approver's e-mail carries, without
 * sign-in (docs/product/workflow-and-timeline.md#external-approvers). It shows a read-only
 * summary and approves or rejects with a required comment; the link works once.
 */
export function ExternalApprovalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const appId = params.get('app') ?? '';
  const {
    answer: summary,
    refusal,
    setRefusal,
    refusalOf,
  } = useEmailedLink<ExternalApprovalSummary>(
    Boolean(token && appId),
    `${appId}/${token}`,
    () => lookupExternalApproval(appId, token),
    REFUSALS,
  );
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState(false);
  const [done, setDone] = useState<'approve' | 'reject' | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  usePageTitle(t('externalApproval.title'));

  const act = async (action: 'approve' | 'reject') => {
    if (!comment.trim()) {
      setCommentError(true);
      return;
    }
    setIsBusy(true);
    try {
      await actOnExternalApproval(appId, token, action, comment);
      setDone(action);
    } catch (caught) {
      setRefusal(refusalOf(caught));
    } finally {
      setIsBusy(false);
    }
  };

  const frame = { p: { xs: 3, sm: 4 }, maxWidth: 520, mx: 'auto', mt: { sm: 4 } } as const;
  if (done) {
    return (
      <Paper sx={frame}>
        <Alert severity="success" data-testid="external-approval-done">
          {t(done === 'approve' ? 'externalApproval.approved' : 'externalApproval.rejected')}
        </Alert>
      </Paper>
    );
  }
  if (refusal) {
    return (
      <Paper sx={frame}>
        <Alert severity="error" role="alert" data-testid="external-approval-refused">
          {refusal}
        </Alert>
      </Paper>
    );
  }
  if (!summary) return <Typography sx={{ p: 4 }}>{t('common.loading')}</Typography>;
  return (
    <Paper sx={frame}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('externalApproval.heading', { company: summary.company })}
        </Typography>
        <Typography>{t('externalApproval.intro', { company: summary.company, email: summary.email, step: summary.step })}</Typography>
        <Stack spacing={0.5} data-testid="external-approval-summary">
          <Typography variant="overline">{summary.title}</Typography>
          <Typography variant="subtitle1">
            {summary.display_id} · {summary.summary}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('externalApproval.status', { status: summary.status })}
          </Typography>
        </Stack>
        <TextField
          label={t('externalApproval.comment')}
          required
          multiline
          minRows={3}
          value={comment}
          error={commentError}
          helperText={commentError ? t('externalApproval.commentRequired') : undefined}
          onChange={(event) => {
            setComment(event.target.value);
            setCommentError(false);
          }}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" color="success" disabled={isBusy} onClick={() => void act('approve')}>
            {t('externalApproval.approve')}
          </Button>
          <Button variant="outlined" color="error" disabled={isBusy} onClick={() => void act('reject')}>
            {t('externalApproval.reject')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

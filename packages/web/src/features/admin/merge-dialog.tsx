/**
 * Merge identities (issue 3 item 4, docs/product/identities-and-sign-in.md#merge): the selected users move into one chosen
 * identity after a confirmation that says it cannot be undone; the outcome ('2 identities merged.',
 * then '1 could not be merged.' when some failed) is a warning when more than one failed.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MergeIcon from '@mui/icons-material/MergeType';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MergeAnswer } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { apiClient } from '../../api/instance.ts';
import { useIdentityOptions } from '../../api/lookups-api.ts';
import { recordKeys } from '../../api/records-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useSession } from '../../app/session-context.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { Row } from '../../lists/support/cell-value.ts';

/** The outcome in the user's language from the answer's counts (its `descrip` is the server's English sentence). */
function mergeOutcome(answer: MergeAnswer, t: TFunction): string {
  const merged = t('admin.mergeDone', { count: answer.merged });
  return answer.failed > 0 ? `${merged} ${t('admin.mergeFailed', { count: answer.failed })}` : merged;
}

export function MergeButton({ selected, onDone }: { selected: Row[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { appId } = useSession();
  const showMessage = useMessageBar();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [target, setTarget] = useState('');
  const identities = useIdentityOptions(appId, '');
  const sources = selected.map((row) => String(row.uuid)).filter((uuid) => uuid !== target);
  const targetName = identities.data?.find((identity) => identity.uuid === target)?.display_name ?? '';
  const merge = useMutation({
    mutationFn: () =>
      apiClient.request<MergeAnswer>(`/identities/${sources.map(encodeURIComponent).join(',')}/merge`, {
        method: 'POST',
        query: { uuid_to: target, app: appId },
      }),
  });
  const run = () =>
    merge.mutate(undefined, {
      onSuccess: (answer) => {
        showMessage(mergeOutcome(answer, t), answer.failed > 1 ? 'warning' : 'success');
        setIsOpen(false);
        onDone();
        void queryClient.invalidateQueries({ queryKey: recordKeys.all });
      },
      onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error'),
    });
  return (
    <>
      <Button
        startIcon={<MergeIcon />}
        onClick={() => (selected.length === 0 ? showMessage(t('admin.mergeNeedsSelection'), 'warning') : setIsOpen(true))}
      >
        {t('admin.merge')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={t('admin.mergeTitle')}
        confirmLabel={t('admin.merge')}
        isDestructive
        isBusy={merge.isPending || !target || sources.length === 0}
        onConfirm={run}
        onClose={() => setIsOpen(false)}
      >
        <TextField
          select
          fullWidth
          label={t('admin.mergeInto')}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          sx={{ mt: 1, mb: 2 }}
        >
          {(identities.data ?? []).map((identity) => (
            <MenuItem key={identity.uuid} value={identity.uuid}>
              {identity.display_name}
            </MenuItem>
          ))}
        </TextField>
        {target && sources.length > 0 && (
          <Alert severity="warning">
            <Typography>{t('admin.mergeConfirm', { count: sources.length, name: targetName })}</Typography>
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}

/**
 * Change password from the user drawer (docs/product/identities-and-sign-in.md#own-password):
 * current, new and confirm. Length, match and "differs" are checked here first; the server checks
 * the current password and answers 400 (wrong), 409 (directory-only account) or 429 (too many).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PASSWORD_MIN_LENGTH } from '@docket/shared';
import { isApiRequestError } from '../api/api-error.ts';
import { apiClient } from '../api/instance.ts';

type ErrorKey = 'wrongCurrent' | 'tooShort' | 'mismatch' | 'same' | 'directory' | 'tooMany' | 'failed';

/** The server's answer, by status, as one of our translated messages. */
const serverErrors: Record<number, ErrorKey> = { 400: 'wrongCurrent', 409: 'directory', 429: 'tooMany' };

export function ChangePasswordDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<ErrorKey | null>(null);
  const change = useMutation({
    mutationFn: () =>
      apiClient.request<unknown>('/v2/identity/me/password', { method: 'PUT', json: { current_password: current, new_password: next } }),
  });

  const close = () => {
    setCurrent('');
    setNext('');
    setConfirm('');
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: ErrorKey | null =
      next.length < PASSWORD_MIN_LENGTH ? 'tooShort' : next !== confirm ? 'mismatch' : next === current ? 'same' : null;
    setError(local);
    if (local) return;
    change.mutate(undefined, {
      onSuccess: () => {
        close();
        onChanged();
      },
      onError: (failure) => setError((isApiRequestError(failure) && serverErrors[failure.status]) || 'failed'),
    });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">{t('password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" data-testid="change-password-error">
                {t(`passwordErrors.${error}`, { count: PASSWORD_MIN_LENGTH })}
              </Alert>
            )}
            <TextField
              label={t('password.current')}
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              required
              autoFocus
            />
            <TextField
              label={t('password.new')}
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.target.value)}
              helperText={t('password.hint', { count: PASSWORD_MIN_LENGTH })}
              required
            />
            <TextField
              label={t('password.confirm')}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={change.isPending || !current || !next || !confirm}>
            {t('password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

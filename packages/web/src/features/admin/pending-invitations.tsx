/**
 * The members screen's pending invitations (docs/product/identities-and-sign-in.md): the address
 * the administrator typed, its status and dates — nothing of the identity behind it — with
 * Resend (a fresh link; the old one stops working) and Cancel. Hidden while there are none.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InvitationAnswer } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { cancelInvitation, listInvitations, resendInvitation } from '../../api/invitations-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { formatDateTime } from '../../components/format-date.ts';

export const invitationsKey = (appId: string) => ['invitations', appId] as const;

export function PendingInvitations({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const showMessage = useMessageBar();
  const queryClient = useQueryClient();
  const invitations = useQuery({ queryKey: invitationsKey(appId), queryFn: () => listInvitations(appId), staleTime: 0 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsKey(appId) });
  const resend = useMutation({
    mutationFn: (row: InvitationAnswer) => resendInvitation(appId, row.id),
    onSuccess: (row) => {
      showMessage(t('admin.invitationResent', { email: row.email }), 'success');
      void refresh();
    },
    onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error'),
  });
  const cancel = useMutation({
    mutationFn: (row: InvitationAnswer) => cancelInvitation(appId, row.id).then(() => row),
    onSuccess: (row) => {
      showMessage(t('admin.invitationCancelled', { email: row.email }), 'success');
      void refresh();
    },
    onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error'),
  });
  const rows = invitations.data?.dataAr ?? [];
  if (rows.length === 0) return null;
  const isBusy = resend.isPending || cancel.isPending;
  return (
    <Paper variant="outlined" sx={{ mb: 2, overflowX: 'auto' }} data-testid="pending-invitations">
      <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {t('admin.invitations')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {t('admin.invitationsHint')}
      </Typography>
      <Table size="small" aria-label={t('admin.invitations')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('admin.invitationEmail')}</TableCell>
            <TableCell>{t('admin.invitationStatus')}</TableCell>
            <TableCell>{t('admin.invitationSentOn')}</TableCell>
            <TableCell>{t('admin.invitationExpires')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>{row.email}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={row.status === 'expired' ? 'warning' : 'default'}
                  label={row.status === 'expired' ? t('admin.invitationExpired') : t('admin.invitationPending')}
                />
              </TableCell>
              <TableCell>{formatDateTime(row.sent_date, lang)}</TableCell>
              <TableCell>{formatDateTime(row.expires_date, lang)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" disabled={isBusy} onClick={() => resend.mutate(row)}>
                  {t('admin.invitationResend')}
                </Button>
                <Button size="small" color="error" disabled={isBusy} onClick={() => cancel.mutate(row)}>
                  {t('admin.invitationCancel')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

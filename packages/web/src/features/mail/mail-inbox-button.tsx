/** The header's inbox icon with the unread badge, for members with the mail role and a connector (docs/product/mail.md#mail-screen). */
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import { useTranslation } from 'react-i18next';
import { useSecondaryReadsAllowed } from '../../app/secondary-reads.ts';
import { useSession } from '../../app/session-context.tsx';
import { useMailConnectors, useUnreadCount } from './mail-api.ts';
import { hasMailRole } from './mail-role.ts';

export function MailInboxButton() {
  const { t } = useTranslation();
  const session = useSession();
  const isAllowed = hasMailRole(session.user.roles);
  // Not before the screen's first content (app/secondary-reads.ts).
  const isReadAllowed = useSecondaryReadsAllowed();
  const connectors = useMailConnectors(session.appId, isAllowed && isReadAllowed);
  const first = connectors.data?.[0];
  const unread = useUnreadCount(session.appId, first);
  if (!isAllowed || !first) return null;
  const count = unread.data ?? 0;
  const label = t('mail.inboxButton', { count });
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to={`/mail/${first.id}/${encodeURIComponent(first.folders[0]?.path ?? 'INBOX')}`}
        aria-label={label}
        data-testid="mail-inbox-button"
      >
        <Badge badgeContent={count} color="error" max={99}>
          <InboxIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

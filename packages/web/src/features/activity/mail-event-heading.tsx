/**
 * An imported mail on the timeline shows its subject and sender above its text
 * (docs/product/mail.md#mail-import); a sender the connector's trusted mail server did not vouch
 * for is marked unverified (docs/product/mail.md#requests-from-mail), as is any imported before the check.
 */
import Typography from '@mui/material/Typography';
import type { EventAnswer } from '@docket/shared';
import { UnverifiedSender } from '../mail/unverified-sender.tsx';

interface MailData {
  mail_from?: { name?: string; address?: string } | null;
  mail_from_verified?: boolean;
}

export function MailEventHeading({ event }: { event: EventAnswer }) {
  const data = event.data as MailData | undefined;
  const from = data?.mail_from;
  const sender = from ? (from.name ? `${from.name} <${from.address ?? ''}>` : (from.address ?? '')) : '';
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="mail-event-subject">
        {event.subject}
      </Typography>
      {sender && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {sender}
          {data?.mail_from_verified !== true && <UnverifiedSender />}
        </Typography>
      )}
    </>
  );
}

/** An imported mail on the timeline shows its subject and sender above its text (docs/product/mail.md#mail-import). */
import Typography from '@mui/material/Typography';
import type { EventAnswer } from '@docket/shared';

interface MailData {
  mail_from?: { name?: string; address?: string } | null;
}

export function MailEventHeading({ event }: { event: EventAnswer }) {
  const from = (event.data as MailData | undefined)?.mail_from;
  const sender = from ? (from.name ? `${from.name} <${from.address ?? ''}>` : (from.address ?? '')) : '';
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="mail-event-subject">
        {event.subject}
      </Typography>
      {sender && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {sender}
        </Typography>
      )}
    </>
  );
}

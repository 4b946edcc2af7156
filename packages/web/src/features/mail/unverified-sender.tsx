/**
 * Beside a sender nothing vouches for (docs/product/mail.md#requests-from-mail): anyone can write
 * any address in From, so a message shows whether the connector's trusted mail server confirmed it.
 */
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

export function UnverifiedSender() {
  const { t } = useTranslation();
  const hint = t('mail.unverifiedSenderHint');
  return (
    <Tooltip title={hint}>
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        label={t('mail.unverifiedSender')}
        aria-description={hint}
        data-testid="unverified-sender"
        sx={{ ml: 1, verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}

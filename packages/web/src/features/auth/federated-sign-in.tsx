import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import { federatedStartUrl } from '../../api/auth.ts';

/**
 * Federated sign-in (directory settings `federated_login`): the organisation's id picks its
 * OpenID Connect provider; the server redirects there and back to `#/login?code=`, which the
 * sign-in page exchanges automatically.
 */
export function FederatedSignIn() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [appId, setAppId] = useState('');

  // Not a <form>: it sits inside the password form, and forms cannot nest.
  const start = () => {
    if (appId.trim()) window.location.assign(federatedStartUrl(appId.trim()));
  };

  return (
    <Stack spacing={1.5}>
      <Divider />
      <Button variant="outlined" startIcon={<BusinessIcon />} onClick={() => setIsOpen((open) => !open)} aria-expanded={isOpen}>
        {t('signIn.federated')}
      </Button>
      <Collapse in={isOpen} unmountOnExit>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('signIn.federatedHelp')}
          </Typography>
          <TextField
            size="small"
            label={t('signIn.organisationId')}
            value={appId}
            onChange={(event) => setAppId(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                start();
              }
            }}
            autoComplete="organization"
          />
          <Button variant="contained" onClick={start} disabled={!appId.trim()}>
            {t('signIn.federatedContinue')}
          </Button>
        </Stack>
      </Collapse>
    </Stack>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import PasswordIcon from '@mui/icons-material/Password';
import type { Grant } from '@docket/shared';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { initialsOf } from './initials.ts';
import { useSession } from './session-context.tsx';
import { useSignOut } from './use-sign-out.ts';

/** Profile: avatar, display name, company, each role grant as module / roles / scope, Change password, Sign out. */
export function ProfileTab({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const { user, subscription } = useSession();
  const signOut = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const grants = user.acl.filter((grant) => grant.roles.length > 0);

  const roleLabel = (role: string) => t(`roles.${role}` as 'roles.administrator', { defaultValue: role });
  const scopeLabel = (grant: Grant) => t(`scopes.${grant.scope}` as 'scopes.0', { defaultValue: String(grant.scope) });

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 24 }}>
          {initialsOf(user.display_name)}
        </Avatar>
        <div>
          <Typography variant="h6" component="p" data-testid="profile-name">
            {user.display_name}
          </Typography>
          <Typography color="text.secondary">{subscription.company}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </div>
      </Stack>
      <div>
        <Typography variant="subtitle2" component="h3" color="text.secondary">
          {t('user.roles')}
        </Typography>
        {grants.length === 0 ? (
          <Typography sx={{ mt: 1 }}>{t('user.noRoles')}</Typography>
        ) : (
          <List dense data-testid="role-grants">
            {grants.map((grant, index) => (
              <ListItem key={index} disableGutters>
                <ListItemText
                  primary={`${grant.module ?? t('user.allModules')} / ${grant.roles.map(roleLabel).join(', ')}`}
                  secondary={t('user.scope', { scope: scopeLabel(grant) })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </div>
      {passwordChanged && (
        <Alert severity="success" data-testid="password-changed" onClose={() => setPasswordChanged(false)}>
          {t('password.changed')}
        </Alert>
      )}
      <Button
        variant="outlined"
        startIcon={<PasswordIcon />}
        onClick={() => {
          setPasswordChanged(false);
          setChangingPassword(true);
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('password.change')}
      </Button>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} onChanged={() => setPasswordChanged(true)} />
      <Button
        variant="outlined"
        startIcon={<LogoutIcon />}
        onClick={() => {
          onSignedOut();
          void signOut();
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('common.signOut')}
      </Button>
    </Stack>
  );
}

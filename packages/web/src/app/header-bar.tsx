import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import { useColorMode } from './color-mode.tsx';
import { HeaderBreadcrumb } from './header-breadcrumb.tsx';
import { initialsOf } from './initials.ts';

interface HeaderBarProps {
  company?: string;
  /** The private area's tools (search box, recent and starred pickers); kept out of sign-in's bundle. */
  extras?: ReactNode;
  /** Absent on the public variant, which shows only the product. */
  user?: {
    displayName: string;
    onMenu: () => void;
    onAccount: () => void;
    isMenuExpanded: boolean;
    /** Items waiting for the user (docs/product/reporting.md#user-drawer), shown as the account button's badge. */
    pendingCount?: number;
  };
}

/**
 * The header bar (docs/product/forms-and-lists.md#layouts): menu button, breadcrumb, dark-mode toggle and the
 * account button; the private shell adds the search box and the recent and starred pickers.
 */
export function HeaderBar({ company, user, extras }: HeaderBarProps) {
  const { t } = useTranslation();
  const { mode, toggle } = useColorMode();
  const modeLabel = mode === 'dark' ? t('shell.lightMode') : t('shell.darkMode');
  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }} data-testid="header-bar">
      <Toolbar sx={{ gap: 1 }}>
        {user && (
          <IconButton
            color="inherit"
            edge="start"
            onClick={user.onMenu}
            aria-label={t('shell.openMenu')}
            aria-expanded={user.isMenuExpanded}
          >
            <MenuIcon />
          </IconButton>
        )}
        <HeaderBreadcrumb company={company} isProductOnly={!user} />
        <Box sx={{ flexGrow: 1 }} />
        {extras}
        <Tooltip title={modeLabel}>
          <IconButton color="inherit" onClick={toggle} aria-label={modeLabel}>
            {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
        {user && (
          <Tooltip title={t('shell.account')}>
            <IconButton
              color="inherit"
              onClick={user.onAccount}
              aria-label={
                user.pendingCount ? `${t('shell.account')} (${t('shell.pending', { count: user.pendingCount })})` : t('shell.account')
              }
              edge="end"
            >
              <Badge badgeContent={user.pendingCount} color="error" max={99} data-testid="account-badge">
                <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
                  {initialsOf(user.displayName)}
                </Avatar>
              </Badge>
            </IconButton>
          </Tooltip>
        )}
      </Toolbar>
    </AppBar>
  );
}

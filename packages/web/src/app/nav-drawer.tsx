import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import PushPinIcon from '@mui/icons-material/PushPin';
import { DRAWER_WIDTH_PX } from '@docket/shared';
import { menuEntries } from './menu-entries.tsx';
import type { MenuAction, MenuEntry } from './menu-entries.tsx';
import { useSession } from './session-context.tsx';
import { drawerColors } from './theme.ts';
import { FormsMenu } from './forms-menu.tsx';
import { useSignOut } from './use-sign-out.ts';
import { VersionDialog } from './version-dialog.tsx';

export const MINI_DRAWER_WIDTH_PX = 64;

interface NavDrawerProps {
  isWide: boolean;
  isPinned: boolean;
  onTogglePin: () => void;
  isMobileOpen: boolean;
  onMobileClose: () => void;
}

/**
 * The left drawer (docs/product/forms-and-lists.md#layouts): permanent on wide screens, 280 px when pinned, else a
 * mini icon rail that widens over the content while hovered or focused; temporary on narrow ones.
 */
export function NavDrawer({ isWide, isPinned, onTogglePin, isMobileOpen, onMobileClose }: NavDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const [isVersionOpen, setIsVersionOpen] = useState(false);
  const [isPeeking, setIsPeeking] = useState(false);
  const isExpanded = !isWide || isPinned || isPeeking;
  const railWidth = isWide && !isPinned ? MINI_DRAWER_WIDTH_PX : DRAWER_WIDTH_PX;
  const paperWidth = isExpanded ? DRAWER_WIDTH_PX : MINI_DRAWER_WIDTH_PX;
  const colors = drawerColors(session.subscription.app_config.themeVersion3);

  const visible = menuEntries.filter((entry) => entry.isVisible({ session, isWide }));
  const actions: Record<MenuAction, () => void> = {
    signOut: () => void signOut(),
    version: () => setIsVersionOpen(true),
    pin: onTogglePin,
  };
  const afterSelect = () => {
    if (!isWide) onMobileClose();
  };

  const renderEntry = (entry: MenuEntry) => {
    const label = t(entry.labelKey);
    if ('submenu' in entry.target) {
      return (
        <FormsMenu
          key={entry.id}
          label={label}
          icon={entry.icon}
          isExpanded={isExpanded}
          onSelect={afterSelect}
          itemSx={itemSx}
          iconSx={iconSx}
        />
      );
    }
    const isPin = 'action' in entry.target && entry.target.action === 'pin';
    const button =
      'to' in entry.target ? (
        <ListItemButton component={NavLink} to={entry.target.to} onClick={afterSelect} sx={itemSx}>
          <ListItemIcon sx={iconSx}>{entry.icon}</ListItemIcon>
          <ListItemText primary={label} sx={{ opacity: isExpanded ? 1 : 0 }} />
        </ListItemButton>
      ) : (
        <ListItemButton
          onClick={() => {
            const action = (entry.target as { action: MenuAction }).action;
            actions[action]();
            if (action !== 'pin') afterSelect();
          }}
          aria-pressed={isPin ? isPinned : undefined}
          sx={itemSx}
        >
          <ListItemIcon sx={iconSx}>{isPin && isPinned ? <PushPinIcon /> : entry.icon}</ListItemIcon>
          <ListItemText primary={label} sx={{ opacity: isExpanded ? 1 : 0 }} />
        </ListItemButton>
      );
    return (
      <Tooltip key={entry.id} title={isExpanded ? '' : label} placement="right">
        <li>{button}</li>
      </Tooltip>
    );
  };

  const content = (
    <Box
      component="nav"
      aria-label={t('shell.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
    >
      <Toolbar />
      {/* The main entries scroll on their own and the footer (Sign out, Version, Pin Menu) stays put:
          when the Forms menu's types arrive, its entries grew the list and pushed the footer down
          under the pointer — a click meant for Sign out landed on another entry (seen in a browser test). */}
      <List sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}>
        {visible.filter((e) => e.group === 'main').map(renderEntry)}
      </List>
      <Divider />
      <List>{visible.filter((e) => e.group === 'footer').map(renderEntry)}</List>
    </Box>
  );

  const paperSx = {
    width: paperWidth,
    boxSizing: 'border-box',
    overflowX: 'hidden',
    bgcolor: colors.background,
    color: colors.text,
    '& .MuiListItemIcon-root': { color: colors.text },
    transition: (theme: { transitions: { create: (p: string) => string } }) => theme.transitions.create('width'),
  } as const;

  return (
    <>
      {isWide ? (
        <Drawer
          variant="permanent"
          open
          onMouseEnter={() => setIsPeeking(true)}
          onMouseLeave={() => setIsPeeking(false)}
          onFocusCapture={() => setIsPeeking(true)}
          onBlurCapture={() => setIsPeeking(false)}
          sx={{ width: railWidth, flexShrink: 0, transition: (theme) => theme.transitions.create('width') }}
          slotProps={{ paper: { sx: paperSx, 'data-testid': 'nav-drawer' } as object }}
        >
          {content}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={isMobileOpen}
          onClose={onMobileClose}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { ...paperSx, width: DRAWER_WIDTH_PX }, 'data-testid': 'nav-drawer' } as object }}
        >
          {content}
        </Drawer>
      )}
      <VersionDialog isOpen={isVersionOpen} onClose={() => setIsVersionOpen(false)} />
    </>
  );
}

const itemSx = {
  minHeight: 48,
  px: 2.5,
  whiteSpace: 'nowrap',
  '&.active': { bgcolor: 'action.selected' },
} as const;

const iconSx = { minWidth: 0, mr: 3, justifyContent: 'center' } as const;

import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import LogoutIcon from '@mui/icons-material/Logout';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import PushPinIcon from '@mui/icons-material/PushPinOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import SearchIcon from '@mui/icons-material/Search';
import HistoryIcon from '@mui/icons-material/History';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { en } from '../i18n/en.ts';
import type { SessionValue } from './session-context.tsx';

export type MenuAction = 'signOut' | 'version' | 'pin';

export interface MenuEntry {
  id: string;
  labelKey: `menu.${keyof (typeof en)['menu']}`;
  icon: ReactElement;
  /** A route to open, an action the drawer performs, or a submenu (the Forms, grouped by category). */
  target: { to: string } | { action: MenuAction } | { submenu: 'forms' };
  /** Entries live in the top list or the bottom (account/app) list. */
  group: 'main' | 'footer';
  isVisible: (context: { session: SessionValue; isWide: boolean }) => boolean;
}

/**
 * The left drawer's entries (docs/product/forms-and-lists.md#layouts), as a registry: a module adds its screen
 * by adding a row here. Entries are added with their screens, never as dead links.
 */
export const menuEntries: readonly MenuEntry[] = [
  {
    id: 'dashboard',
    labelKey: 'menu.dashboard',
    icon: <DashboardIcon />,
    target: { to: '/dashboard' },
    group: 'main',
    isVisible: () => true,
  },
  {
    id: 'news',
    labelKey: 'menu.news',
    icon: <NewspaperIcon />,
    target: { to: '/docs/post' },
    group: 'main',
    isVisible: ({ session }) => session.subscription.app_config.general?.showNews !== false,
  },
  {
    id: 'recent-activity',
    labelKey: 'menu.recentActivity',
    icon: <HistoryIcon />,
    target: { to: '/docs/$$event' },
    group: 'main',
    isVisible: ({ session }) => session.subscription.app_config.general?.showActivity !== false,
  },
  {
    id: 'search',
    labelKey: 'menu.search',
    icon: <SearchIcon />,
    target: { to: '/search' },
    group: 'main',
    isVisible: ({ session }) => session.subscription.app_config.general?.showSearch !== false,
  },
  {
    id: 'admin',
    labelKey: 'menu.admin',
    icon: <AdminPanelSettingsIcon />,
    target: { to: '/admin/configuration' },
    group: 'main',
    // docs/product/access.md#administrator-only: the Administration menu is for administrators only.
    isVisible: ({ session }) => session.isAdministrator,
  },
  // Last of the main entries: its types arrive after the screen's content and its list is as long
  // as the organisation has types. Above the fixed entries it pushed Recent Activity, Search and
  // Administration down as it loaded (a click aimed at one landed on a form) and out of sight
  // below a long list on a laptop's screen.
  {
    id: 'forms',
    labelKey: 'menu.forms',
    icon: <DescriptionIcon />,
    target: { submenu: 'forms' },
    group: 'main',
    isVisible: () => true,
  },
  {
    id: 'sign-out',
    labelKey: 'menu.signOut',
    icon: <LogoutIcon />,
    target: { action: 'signOut' },
    group: 'footer',
    isVisible: () => true,
  },
  {
    id: 'version',
    labelKey: 'menu.version',
    icon: <InfoIcon />,
    target: { action: 'version' },
    group: 'footer',
    isVisible: () => true,
  },
  {
    id: 'pin',
    labelKey: 'menu.pin',
    icon: <PushPinIcon />,
    target: { action: 'pin' },
    group: 'footer',
    // Pinning only means something for the permanent drawer of wide screens.
    isVisible: ({ isWide }) => isWide,
  },
];

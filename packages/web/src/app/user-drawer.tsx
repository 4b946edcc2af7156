import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { USER_DRAWER_WIDTH_PX } from '@docket/shared';
import { UserMetricsTab } from '../features/metrics/user-metrics-tab.tsx';
import { TodoTab } from '../features/todo/todo-tab.tsx';
import { PreferencesTab } from './preferences-tab.tsx';
import { ProfileTab } from './profile-tab.tsx';

type TabId = 'profile' | 'todo' | 'metrics' | 'preferences';

/**
 * The right-hand user drawer (docs/product/forms-and-lists.md#layouts, 480 px): profile, todo,
 * the user's starred metrics (docs/product/reporting.md#user-drawer) and preferences.
 */
export function UserDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('profile');
  return (
    <Drawer
      anchor="right"
      open={isOpen}
      onClose={onClose}
      // Above the header bar, which itself sits above the left drawer.
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}
      slotProps={{
        paper: {
          sx: { width: USER_DRAWER_WIDTH_PX, maxWidth: '100vw' },
          role: 'dialog',
          'aria-label': t('user.drawer'),
          'data-testid': 'user-drawer',
        } as object,
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('user.drawer')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Toolbar>
      {/* Four labels share 480 px (and a phone's 390): each tab is as wide as its label plus an equal share of the rest, so a long word is never cut at the edge. */}
      <Tabs
        value={tab}
        onChange={(_event, value: TabId) => setTab(value)}
        variant="fullWidth"
        sx={{ px: 1, '& .MuiTab-root': { minWidth: 0, px: 1, flexBasis: 'auto' } }}
      >
        <Tab value="profile" label={t('user.profile')} id="user-tab-profile" aria-controls="user-panel-profile" />
        <Tab value="todo" label={t('todo.tab')} id="user-tab-todo" aria-controls="user-panel-todo" />
        <Tab value="metrics" label={t('userMetrics.tab')} id="user-tab-metrics" aria-controls="user-panel-metrics" />
        <Tab value="preferences" label={t('user.preferences')} id="user-tab-preferences" aria-controls="user-panel-preferences" />
      </Tabs>
      <Box role="tabpanel" id={`user-panel-${tab}`} aria-labelledby={`user-tab-${tab}`} sx={{ p: 3, overflowY: 'auto' }}>
        {tab === 'profile' && <ProfileTab onSignedOut={onClose} />}
        {tab === 'todo' && <TodoTab onNavigate={onClose} />}
        {tab === 'metrics' && <UserMetricsTab onNavigate={onClose} />}
        {tab === 'preferences' && <PreferencesTab />}
      </Box>
    </Drawer>
  );
}

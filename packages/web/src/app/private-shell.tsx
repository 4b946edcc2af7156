import { Suspense, memo, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { Background } from './background.tsx';
import { effectiveTheme } from './theme.ts';
import { usePinnedMenu } from './drawer-state.ts';
import { HeaderBar } from './header-bar.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { useSession } from './session-context.tsx';
import { UserDrawer } from './user-drawer.tsx';
import { HeaderSearchBox } from '../features/search/header-search-box.tsx';
import { FavouritesPickers } from '../features/favourites/favourites-pickers.tsx';
import { MailInboxButton } from '../features/mail/mail-inbox-button.tsx';
import { usePendingCount } from '../features/metrics/use-pending-count.ts';

/**
 * The private layout's chrome: background, header, left drawer, content, user drawer. Memoised:
 * the gate above re-renders on every address change (the dashboard's month is in the address),
 * which must not redraw the header and the drawer (docs/product/reporting.md#dashboard).
 */
export const PrivateShell = memo(function PrivateShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const session = useSession();
  const { user, subscription } = session;
  const backgroundTheme = useMemo(() => effectiveTheme(session), [session]);
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [isPinned, togglePinned] = usePinnedMenu();
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const [isUserOpen, setIsUserOpen] = useState(false);
  const pendingCount = usePendingCount();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink label={t('shell.skipToContent')} />
      <Background config={backgroundTheme} />
      <HeaderBar
        company={subscription.company}
        extras={
          <>
            {subscription.app_config.general?.showSearch !== false && <HeaderSearchBox />}
            <FavouritesPickers />
            <MailInboxButton />
          </>
        }
        user={{
          displayName: user.display_name,
          onMenu: () => (isWide ? togglePinned() : setIsMobileOpen(true)),
          onAccount: () => setIsUserOpen(true),
          isMenuExpanded: isWide ? isPinned : isMobileOpen,
          pendingCount,
        }}
      />
      <NavDrawer
        isWide={isWide}
        isPinned={isPinned}
        onTogglePin={togglePinned}
        isMobileOpen={isMobileOpen}
        onMobileClose={() => setIsMobileOpen(false)}
      />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 1.5, sm: 3 }, pb: 4, outline: 'none' }}
      >
        <Toolbar />
        <Box sx={{ pt: { xs: 1.5, sm: 3 }, maxWidth: 1200, mx: 'auto' }}>
          <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>{children ?? <Outlet />}</Suspense>
        </Box>
      </Box>
      <UserDrawer isOpen={isUserOpen} onClose={() => setIsUserOpen(false)} />
    </Box>
  );
});

/** 'Skip to content': its address follows the page's, so it alone re-renders on navigation. */
function SkipLink({ label }: { label: string }) {
  const location = useLocation();
  return (
    <Link
      href={`#${location.pathname}${location.search}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main-content')?.focus();
      }}
      sx={skipLinkSx}
    >
      {label}
    </Link>
  );
}

const skipLinkSx = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  bgcolor: 'background.paper',
  p: 1,
  borderRadius: 1,
  '&:focus': { top: 8 },
} as const;

import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { HeaderBar } from './header-bar.tsx';

/** The public layout (docs/product/forms-and-lists.md#layouts): the header only, here with the product and dark-mode toggle. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <HeaderBar />
      <Toolbar />
      <Box component="main" sx={{ px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 4 } }}>
        {children ?? <Outlet />}
      </Box>
    </Box>
  );
}

import { useMemo } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useColorMode } from './color-mode.tsx';
import { buildTheme } from './theme.ts';
import type { ThemeConfig } from './theme.ts';

/** Used at the root with the default theme and again inside the private area with the org's. */
export function AppThemeProvider({ config, children }: { config?: ThemeConfig; children: ReactNode }) {
  const { mode } = useColorMode();
  const theme = useMemo(() => buildTheme(mode, config), [mode, config]);
  // The same element each render: the global styles are serialised again only when the theme
  // changes, not whenever the private area's gate re-renders for a new address.
  const baseline = useMemo(() => <CssBaseline enableColorScheme />, []);
  return (
    <ThemeProvider theme={theme}>
      {baseline}
      {children}
    </ThemeProvider>
  );
}

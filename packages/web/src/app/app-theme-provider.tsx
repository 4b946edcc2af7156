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
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

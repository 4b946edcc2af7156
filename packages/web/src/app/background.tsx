import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { isSafeHtmlUrl } from '@docket/shared';
import type { ThemeConfig } from './theme.ts';

/**
 * The blurred background behind the private layout (docs/product/forms-and-lists.md#layouts): the organisation's
 * backgroundImageUri when set, else a soft gradient in its colours.
 */
export function Background({ config }: { config?: ThemeConfig }) {
  const theme = useTheme();
  const uri = config?.backgroundImageUri;
  const blur = typeof config?.blur === 'number' && config.blur >= 0 ? Math.min(config.blur, 40) : 8;
  const isDark = theme.palette.mode === 'dark';
  const gradient = [
    `radial-gradient(circle at 15% 10%, ${alpha(theme.palette.primary.main, isDark ? 0.25 : 0.16)} 0, transparent 45%)`,
    `radial-gradient(circle at 85% 85%, ${alpha(theme.palette.secondary.main, isDark ? 0.14 : 0.1)} 0, transparent 40%)`,
    theme.palette.background.default,
  ].join(', ');
  const image = uri && isSafeHtmlUrl(uri, 'img') ? `url("${uri.replace(/["\\\n\r]/g, '')}")` : null;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: -1,
        overflow: 'hidden',
        bgcolor: 'background.default',
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: 0,
          backgroundImage: image ?? gradient,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          filter: `blur(${blur}px)`,
          // Scaled so the blur's soft edges fall outside the viewport.
          transform: 'scale(1.08)',
          opacity: image && isDark ? 0.5 : 1,
        },
      }}
    />
  );
}

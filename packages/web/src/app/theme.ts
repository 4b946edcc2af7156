import { createTheme, getLuminance, lighten } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { DEFAULT_THEME, DENSITY_PIXELS, type AppConfig, type SessionAnswer, type ThemeDensity } from '@docket/shared';
import type { ColorMode } from './color-mode.tsx';

export type ThemeConfig = NonNullable<AppConfig['themeVersion3']>;

declare module '@mui/material/styles' {
  interface Theme {
    /** The organisation's (or the member's) list density, docs/product/administration.md#theme. */
    density: ThemeDensity;
  }
  interface ThemeOptions {
    density?: ThemeDensity;
  }
}

const isColor = (value: unknown): value is string => typeof value === 'string' && /^(#[0-9a-f]{3,8}|rgb|hsl)/i.test(value.trim());

/**
 * The MUI theme from the organisation's themeVersion3 settings (docs/product/administration.md#theme) over the default
 * theme (docs/product/administration.md#theme). In dark mode a very dark primary would vanish against the background, so
 * it is lightened for contrast.
 */
export function buildTheme(mode: ColorMode, config: ThemeConfig | undefined = undefined): Theme {
  const primary = isColor(config?.primaryColor) ? config.primaryColor : DEFAULT_THEME.primaryColor;
  const secondary = isColor(config?.secondaryColor) ? config.secondaryColor : DEFAULT_THEME.secondaryColor;
  const lightBackground = isColor(config?.backgroundColor) ? config.backgroundColor : DEFAULT_THEME.backgroundColor;
  const darkBackground = isColor(config?.backgroundColorDark) ? config.backgroundColorDark : DEFAULT_THEME.backgroundColorDark;
  const isDark = mode === 'dark';
  const primaryMain = isDark && getLuminance(primary) < 0.2 ? lighten(primary, 0.6) : primary;
  // docs/product/administration.md#theme: the lists' row padding (small 2px, medium 4px, large 8px)
  // unless a member picked their own for a list.
  const density = config?.density && Object.hasOwn(DENSITY_PIXELS, config.density) ? config.density : 'medium';

  return createTheme({
    palette: {
      mode,
      primary: { main: primaryMain },
      secondary: { main: secondary },
      // MUI's dark-mode red is too dark for text on a dark paper (WCAG AA 4.5:1): its light shade is not.
      ...(isDark ? { error: { main: '#ff7961' } } : {}),
      // Choose the text colour on coloured buttons and chips for 4.5:1 rather than MUI's default 3:1.
      contrastThreshold: 4.5,
      background: isDark
        ? { default: darkBackground, paper: lighten(darkBackground, 0.06) }
        : { default: lightBackground, paper: '#ffffff' },
    },
    shape: { borderRadius: 8 },
    density,
    components: {
      MuiAppBar: { defaultProps: { elevation: 1 } },
      MuiButton: { defaultProps: { disableElevation: true } },
      // MUI's default avatar (white on grey 400) is 1.9:1; grey 700 keeps initials readable (6:1).
      MuiAvatar: {
        styleOverrides: { colorDefault: ({ theme }) => ({ backgroundColor: theme.palette.grey[700], color: theme.palette.common.white }) },
      },
    },
  });
}

export function drawerColors(config: ThemeConfig | undefined): { background?: string; text?: string } {
  return {
    background: isColor(config?.drawerColor) ? config.drawerColor : undefined,
    text: isColor(config?.drawerColorText) ? config.drawerColorText : undefined,
  };
}

/** The personal theme fields a member may set when the organisation allows it (themeUserAllow). */
const PERSONAL_THEME_KEYS = ['primaryColor', 'secondaryColor', 'chartPalette', 'density', 'backgroundImage', 'blur'] as const;

/**
 * The theme in force for the signed-in user (docs/product/administration.md#theme): the
 * organisation's, with the user's own choices over it only while the organisation allows personal
 * themes. A personal `backgroundImage` stands in for the organisation's `backgroundImageUri`.
 */
export function effectiveTheme(session: SessionAnswer): ThemeConfig | undefined {
  const organisation = session.subscription.app_config.themeVersion3;
  const general = session.subscription.app_config.general;
  const isAllowed = general?.themeUserAllow === true || organisation?.themeUserAllow === true;
  const own = session.user.preferences.theme;
  if (!isAllowed || !own) return organisation;
  const chosen = Object.fromEntries(
    PERSONAL_THEME_KEYS.filter((key) => own[key] !== undefined && own[key] !== '').map((key) => [key, own[key]]),
  );
  const { backgroundImage, ...rest } = chosen as ThemeConfig & { backgroundImage?: string };
  return { ...organisation, ...rest, ...(backgroundImage ? { backgroundImageUri: backgroundImage } : {}) };
}

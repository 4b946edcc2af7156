/**
 * A coloured chip whose text keeps WCAG AA contrast (4.5:1) in both modes. MUI's warning orange
 * on white, or white on orange, is about 3:1, so an outlined chip's text takes the first shade
 * of its colour that is readable on the paper, and a filled chip picks black or white text.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { darken, getContrastRatio, lighten, useTheme } from '@mui/material/styles';

export type ChipTone = 'default' | 'success' | 'warning' | 'error' | 'info';

const AA = 4.5;

export function readableShade(colour: string, background: string, isDark: boolean): string {
  const shift = isDark ? lighten : darken;
  for (const amount of [0, 0.15, 0.3, 0.45, 0.6]) {
    const shade = amount === 0 ? colour : shift(colour, amount);
    if (getContrastRatio(shade, background) >= AA) return shade;
  }
  return isDark ? '#ffffff' : '#000000';
}

export function ToneChip({ tone, variant = 'outlined', ...props }: Omit<ChipProps, 'color'> & { tone: ChipTone }) {
  const theme = useTheme();
  if (tone === 'default') return <Chip variant={variant} {...props} />;
  const main = theme.palette[tone].main;
  const isDark = theme.palette.mode === 'dark';
  const sx =
    variant === 'outlined'
      ? { color: readableShade(main, theme.palette.background.paper, isDark), borderColor: main }
      : { bgcolor: main, color: getContrastRatio('#ffffff', main) >= AA ? '#ffffff' : 'rgba(0, 0, 0, 0.87)' };
  return <Chip variant={variant} {...props} sx={[sx, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]} />;
}

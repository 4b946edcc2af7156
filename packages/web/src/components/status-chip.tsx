/**
 * A coloured chip whose text keeps WCAG AA contrast in both modes: MUI's warning orange on white
 * (or white on orange) is about 3:1, so outlined chips use the palette's dark (light in dark
 * mode) shade for their text and filled warning chips use dark text.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';

export type ChipTone = 'default' | 'success' | 'warning' | 'error' | 'info';

export function ToneChip({ tone, variant = 'outlined', ...props }: Omit<ChipProps, 'color'> & { tone: ChipTone }) {
  if (tone === 'default') return <Chip variant={variant} {...props} />;
  const sx =
    variant === 'outlined'
      ? { color: (theme: { palette: { mode: string } }) => (theme.palette.mode === 'dark' ? `${tone}.light` : `${tone}.dark`), borderColor: `${tone}.main` }
      : tone === 'warning'
        ? { bgcolor: 'warning.main', color: 'rgba(0, 0, 0, 0.87)' }
        : { bgcolor: `${tone}.dark`, color: 'common.white' };
  return <Chip variant={variant} {...props} sx={[sx as object, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]} />;
}

/**
 * The bar under a form that keeps Save (or 'N Error(s)') in view on every screen size
 * (docs/product/forms-and-lists.md#form-screen): it sticks to the bottom of the window while the
 * form scrolls beneath it, so a long form on a phone never hides its Save button.
 */
import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function FormSaveBar({ children, note }: { children: ReactNode; note?: string }) {
  return (
    <Paper
      elevation={6}
      data-testid="form-save-bar"
      data-print="hide"
      sx={{ position: 'sticky', bottom: { xs: 8, sm: 16 }, zIndex: (theme) => theme.zIndex.appBar - 1, px: 2, py: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        {note && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} role="status">
            {note}
          </Typography>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

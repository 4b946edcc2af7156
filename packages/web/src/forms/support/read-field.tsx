import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A field on the document page (read mode): its label above its value. Empty values show a dash
 * so the layout keeps its rhythm and a reader can tell "empty" from "not loaded".
 */
export function ReadField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const isEmpty = children === undefined || children === null || children === '' || (Array.isArray(children) && children.length === 0);
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" component="div" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ typography: 'body1', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{isEmpty ? '—' : children}</Box>
    </Box>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface FullPageMessageProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** The common frame of the not-found, not-authorised, error and crash pages. */
export function FullPageMessage({ icon, title, children, actions }: FullPageMessageProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 2, sm: 4 } }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {icon && <Box sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }}>{icon}</Box>}
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {children}
          {actions && (
            <Stack direction="row" spacing={2} useFlexGap sx={{ pt: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
              {actions}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * The card-grid page templates 'default', 'Layout1' and the safety-reporting one
 * (docs/product/reporting.md#dashboard): the page's rows of cards, each row a CSS grid that folds
 * to one column on a phone. Layout1 leads with the report's title and description; the safety
 * template leads with the month it reports and gives every row the same height.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardOutlet } from '../cards/card-outlet.tsx';
import { columnsOf, rowsOf } from './page-rows.ts';
import type { PageTemplateProps } from './template-props.ts';
import { monthTitle } from '../toolbar/month-format.ts';

export type GridVariant = 'default' | 'Layout1' | 'safety';

export function CardGridTemplate({ report, reportDate, page, pageName, variant }: PageTemplateProps & { variant: GridVariant }) {
  const { i18n } = useTranslation();
  const rows = rowsOf(page);
  return (
    <Stack spacing={2} data-testid="card-grid" data-template={variant}>
      {variant === 'Layout1' && report.descrip && (
        <Typography variant="body2" color="text.secondary">
          {report.descrip}
        </Typography>
      )}
      {variant === 'safety' && (
        <Typography variant="overline" color="text.secondary">
          {monthTitle(reportDate, i18n.language)}
        </Typography>
      )}
      {rows.map((row, rowIndex) =>
        row.cards.length === 0 ? null : (
          <Box key={rowIndex} component="section" aria-label={row.title}>
            {row.title && (
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {row.title}
              </Typography>
            )}
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: columnsOf(row, page.rowTemplate) },
                gridAutoRows: variant === 'safety' ? '1fr' : undefined,
              }}
            >
              {row.cards.map((card, column) => (
                <CardOutlet key={column} card={card} pageName={pageName} position={{ row: rowIndex, column }} />
              ))}
            </Box>
          </Box>
        ),
      )}
    </Stack>
  );
}

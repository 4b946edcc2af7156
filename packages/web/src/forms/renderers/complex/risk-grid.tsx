/**
 * The risk matrix as a coloured grid beside its dropdowns (docs/product/documents-and-schemas.md#survey-and-risk):
 * the first metric down the side, the second across the top, each cell coloured by the
 * criticality band its score falls in (any further metric counts at its current choice). The
 * chosen cell is outlined; choosing a cell sets both metrics, like the two dropdowns would.
 */
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { bandOf, criticalityColor, type RiskBand, type RiskMatrix } from '../../support/risk-matrix-model.ts';

interface RiskGridProps {
  matrix: RiskMatrix;
  values: Readonly<Record<string, number>>;
  translate: (text: string) => string;
  isReadOnly: boolean;
  onChoose: (values: Record<string, number>) => void;
}

/** The band's own colour when the matrix gives one (High and Extreme differ), else its tone's. */
function cellColour(theme: Theme, band: RiskBand | undefined): string {
  const strength = theme.palette.mode === 'dark' ? 0.5 : 0.35;
  if (band?.color && /^#[0-9a-f]{3,8}$/i.test(band.color)) return alpha(band.color, strength);
  const tone = criticalityColor(band?.label);
  return tone === 'default' ? theme.palette.action.hover : alpha(theme.palette[tone].main, strength);
}

export function RiskGrid({ matrix, values, translate, isReadOnly, onChoose }: RiskGridProps) {
  const [rows, columns] = matrix.metrics;
  if (!rows || !columns) return null;
  const others = matrix.metrics.slice(2).reduce((sum, metric) => sum + (values[metric.id] ?? 0), 0);
  return (
    <Box sx={{ overflowX: 'auto', mt: 2 }}>
      <Box
        component="table"
        data-testid="risk-grid"
        sx={{ borderCollapse: 'separate', borderSpacing: 2, fontSize: '0.8125rem', '& th': { fontWeight: 500, p: 0.5 } }}
      >
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>
          <Typography variant="caption" color="text.secondary">
            {`${translate(rows.title)} × ${translate(columns.title)}`}
          </Typography>
        </caption>
        <thead>
          <tr>
            <th />
            {columns.options.map((option) => (
              <Box component="th" scope="col" key={option.value} sx={{ maxWidth: 96 }}>
                {translate(option.label)}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...rows.options].reverse().map((rowOption) => (
            <tr key={rowOption.value}>
              <Box component="th" scope="row" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {translate(rowOption.label)}
              </Box>
              {columns.options.map((columnOption) => {
                const score = rowOption.value + columnOption.value + others;
                const band = bandOf(matrix, score);
                const isChosen = values[rows.id] === rowOption.value && values[columns.id] === columnOption.value;
                const name = `${translate(rows.title)} ${translate(rowOption.label)}, ${translate(columns.title)} ${translate(columnOption.label)}: ${score}${band ? ` ${translate(band.label)}` : ''}`;
                return (
                  <Box
                    component="td"
                    key={columnOption.value}
                    data-band={band?.label ?? ''}
                    sx={{
                      p: 0,
                      minWidth: 44,
                      height: 36,
                      textAlign: 'center',
                      borderRadius: 1,
                      bgcolor: (theme) => cellColour(theme, band),
                      outline: isChosen ? '3px solid' : 'none',
                      outlineColor: 'text.primary',
                    }}
                  >
                    <Box
                      component="button"
                      type="button"
                      disabled={isReadOnly}
                      aria-pressed={isChosen}
                      aria-label={name}
                      title={name}
                      onClick={() => onChoose({ ...values, [rows.id]: rowOption.value, [columns.id]: columnOption.value })}
                      sx={{
                        all: 'unset',
                        display: 'block',
                        width: '100%',
                        height: '100%',
                        cursor: isReadOnly ? 'default' : 'pointer',
                        fontWeight: isChosen ? 700 : 400,
                        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                      }}
                    >
                      {score}
                    </Box>
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

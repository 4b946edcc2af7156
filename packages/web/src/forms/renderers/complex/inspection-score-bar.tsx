/**
 * The live score of an inspection (docs/product/documents-and-schemas.md#inspections): achieved /
 * maximum over the applicable items and how many are answered, kept in view under the header
 * while the inspector scrolls, and announced politely to screen readers as it changes.
 */
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InspectionScore, InspectionTemplateSnapshot } from '@docket/shared';

export function InspectionScoreBar({ score, template }: { score: InspectionScore; template: InspectionTemplateSnapshot | undefined }) {
  const { t } = useTranslation();
  const progress = score.applicable === 0 ? 0 : (score.answered / score.applicable) * 100;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, position: 'sticky', top: { xs: 56, sm: 64 }, zIndex: 2, bgcolor: 'background.paper' }}
      data-testid="inspection-score"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} aria-live="polite" data-testid="inspection-score-value">
          {score.percent === null
            ? t('inspections.scoreNone')
            : t('inspections.score', { achieved: String(score.achieved), maximum: String(score.maximum), percent: String(score.percent) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('inspections.answered', { answered: String(score.answered), applicable: String(score.applicable) })}
        </Typography>
        {template && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {template.title}
          </Typography>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={progress}
        sx={{ mt: 1 }}
        aria-label={t('inspections.answered', { answered: String(score.answered), applicable: String(score.applicable) })}
      />
    </Paper>
  );
}

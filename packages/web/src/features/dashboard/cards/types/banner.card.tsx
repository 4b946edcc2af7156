/** Banner card: a coloured strip with the title and, when it names a metric, that metric's figure large. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { metricLabel } from '../../../reporting-api/index.ts';
import { localisedCardText } from '../card-i18n.ts';
import { CardLink } from '../card-link.tsx';
import { useValueText } from '../figure-parts.tsx';
import { MetricProblem } from '../metric-problem.tsx';
import { useMetricFigure } from '../use-metric-figure.ts';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function BannerCard({ card }: CardProps) {
  const { i18n } = useTranslation();
  const title = localisedCardText(card, 'title', i18n.language);
  const descrip = localisedCardText(card, 'descrip', i18n.language);
  return (
    <Box sx={{ m: -2, p: 2, bgcolor: 'primary.main', color: 'primary.contrastText', height: 'calc(100% + 32px)' }}>
      {title && (
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      )}
      {descrip && <Typography variant="body2">{descrip}</Typography>}
      {card.metric !== undefined && <BannerFigure card={card} />}
      <CardLink card={card} />
    </Box>
  );
}

function BannerFigure({ card }: CardProps) {
  const { t, i18n } = useTranslation();
  const figure = useMetricFigure(card, false);
  const valueText = useValueText();
  if (figure.source.problem) return <MetricProblem problem={figure.source.problem} />;
  if (!figure.metric) return null;
  return (
    <Typography variant="h3" component="p" sx={{ fontWeight: 700, mt: 1 }} data-testid="metric-value">
      {valueText(figure.value, figure.metric)}
      <Typography component="span" variant="body2" sx={{ ml: 1 }}>
        {card.showMetricTitle !== false ? metricLabel(figure.metric, i18n.language) : ''} {t(`cards.periods.${figure.period}`)}
      </Typography>
    </Typography>
  );
}

export const renderer: CardRenderer = { name: 'Banner', tester: typeIs('Banner'), component: BannerCard };

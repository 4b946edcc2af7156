/** Pieces the card modes share: the title link, the byline, facts and chips. */
import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DocumentMeta } from '@docket/shared';
import { formatDateTime, truncate, TRUNCATE } from '../../components/format-date.ts';
import type { Row } from '../support/cell-value.ts';
import type { CardDetails } from '../support/card-content.ts';

export function titleOf(row: Row): string {
  const summary = typeof row.summary === 'string' && row.summary.trim() ? row.summary : '';
  return summary || String(row.display_id ?? row.title ?? row.subject ?? row.id ?? '');
}

export function CardTitle({ row, href, id, variant = 'h6' }: { row: Row; href?: string; id: string; variant?: 'h6' | 'subtitle1' }) {
  const text = truncate(titleOf(row), TRUNCATE.cardSummary);
  return (
    <Typography variant={variant} component="h2" id={id} sx={{ overflowWrap: 'anywhere' }}>
      {href ? (
        <Link component={RouterLink} to={href} color="inherit" underline="hover">
          {text}
        </Link>
      ) : (
        text
      )}
    </Typography>
  );
}

export function Byline({ row, lang }: { row: Row; lang: string }) {
  const { t } = useTranslation();
  const meta = row.meta as DocumentMeta | undefined;
  if (!meta?.created_date) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {t('news.byline', { date: formatDateTime(meta.created_date, lang), name: meta.created_by?.display_name ?? '' })}
    </Typography>
  );
}

export function CardFacts({ details }: { details: CardDetails }) {
  if (details.facts.length === 0) return null;
  return (
    <Stack component="dl" direction="row" sx={{ m: 0, flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
      {details.facts.map((fact) => (
        <Stack key={fact.label} direction="row" spacing={0.75}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fact.label}:
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {fact.value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function CardChips({ chips, label }: { chips: string[]; label: string }) {
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label={label}>
      {chips.map((chip) => (
        <Chip key={chip} label={truncate(chip, TRUNCATE.badge)} size="small" />
      ))}
    </Stack>
  );
}

import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { localisedCardText } from './card-i18n.ts';
import type { CardSchema } from '../../reporting-api/index.ts';

/** The card's `link` with its `linkText` (an app route like `/docs/incident`, or an http(s) address). */
export function CardLink({ card }: { card: CardSchema }) {
  const { t, i18n } = useTranslation();
  const link = card.link?.trim();
  if (!link) return null;
  const text = localisedCardText(card, 'linkText', i18n.language) ?? t('cards.open');
  if (/^https?:\/\//i.test(link)) {
    return (
      <Button size="small" href={link} target="_blank" rel="noopener noreferrer" sx={{ mt: 1 }}>
        {text}
      </Button>
    );
  }
  if (!link.startsWith('/')) return null;
  return (
    <Button size="small" component={RouterLink} to={link} sx={{ mt: 1 }}>
      {text}
    </Button>
  );
}

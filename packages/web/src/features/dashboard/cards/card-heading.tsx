import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { localisedCardText } from './card-i18n.ts';
import type { CardSchema } from '../../reporting-api/index.ts';

/** The title, description and summary line most cards start with, in the user's language. */
export function CardHeading({ card, fallbackTitle, action }: { card: CardSchema; fallbackTitle?: string; action?: ReactNode }) {
  const { i18n } = useTranslation();
  const title = localisedCardText(card, 'title', i18n.language) ?? fallbackTitle;
  const descrip = localisedCardText(card, 'descrip', i18n.language);
  const summary = localisedCardText(card, 'summary', i18n.language);
  if (!title && !descrip && !summary && !action) return null;
  return (
    // The action (a period toggle) moves under the title when the card is too narrow for both,
    // rather than squeezing the title into a column a word wide.
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 1 }}>
      <Box sx={{ flex: '1 1 7rem', minWidth: 0 }}>
        {title && (
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
        )}
        {descrip && (
          <Typography variant="body2" color="text.secondary">
            {descrip}
          </Typography>
        )}
        {summary && (
          <Typography variant="caption" color="text.secondary" component="p">
            {summary}
          </Typography>
        )}
      </Box>
      {action}
    </Box>
  );
}

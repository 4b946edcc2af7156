/** Title card: a heading across its row, with the description under it. */
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { localisedCardText } from '../card-i18n.ts';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

function TitleCard({ card }: CardProps) {
  const { i18n } = useTranslation();
  const title = localisedCardText(card, 'title', i18n.language);
  const descrip = localisedCardText(card, 'descrip', i18n.language);
  return (
    <>
      {title && (
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      )}
      {descrip && (
        <Typography variant="body2" color="text.secondary">
          {descrip}
        </Typography>
      )}
    </>
  );
}

export const renderer: CardRenderer = { name: 'Title', tester: typeIs('Title'), component: TitleCard };

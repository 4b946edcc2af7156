/** MostRecent card: the newest `count` (default 1) documents of `itemType`, newest first (docs/product/reporting.md#cards). */
import { useTranslation } from 'react-i18next';
import Skeleton from '@mui/material/Skeleton';
import { CardHeading } from '../card-heading.tsx';
import { CardLink } from '../card-link.tsx';
import { CardMessage } from '../card-message.tsx';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';
import { DocumentList, useKnownType } from './view.card.tsx';

function MostRecentCard({ card }: CardProps) {
  const { t } = useTranslation();
  const itemType = card.itemType?.trim();
  const known = useKnownType(itemType);
  return (
    <>
      <CardHeading card={card} />
      {!itemType ? (
        <CardMessage text={t('cards.noSchemaType')} />
      ) : known.isPending ? (
        <Skeleton variant="rectangular" height={60} />
      ) : !known.isKnown ? (
        <CardMessage text={t('cards.noSchemaFor', { type: itemType })} />
      ) : (
        <DocumentList type={itemType} count={card.count ?? 1} filter={card.filter} showDescription />
      )}
      <CardLink card={card} />
    </>
  );
}

export const renderer: CardRenderer = { name: 'MostRecent', tester: typeIs('MostRecent', 'Most Recent'), component: MostRecentCard };

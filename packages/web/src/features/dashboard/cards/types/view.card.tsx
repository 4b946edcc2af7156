/**
 * View card: a short list of documents of `itemType` matching `filter` (`count`, default 5), each
 * linking to its page. 'No schema type specified' without a type; 'No schema found for type {x}'
 * when the organisation has no such type (docs/product/reporting.md#cards).
 */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useDocumentTypes } from '../../../../api/document-types.ts';
import { useSession } from '../../../../app/session-context.tsx';
import { formatDate } from '../../../../components/format-date.ts';
import { documentHref } from '../../../documents/document-links.ts';
import { useMostRecent } from '../../../reporting-api/index.ts';
import { CardHeading } from '../card-heading.tsx';
import { CardLink } from '../card-link.tsx';
import { CardMessage } from '../card-message.tsx';
import type { CardProps, CardRenderer } from '../card-types.ts';
import { typeIs } from '../card-types.ts';

const DEFAULT_VIEW_COUNT = 5;

export function documentTitle(row: Record<string, unknown>): string {
  for (const field of ['summary', 'title', 'display_id', 'descrip']) {
    const value = row[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return String(row.id ?? '');
}

export function useKnownType(itemType: string | undefined) {
  const session = useSession();
  const types = useDocumentTypes(session.appId, session.isAdministrator);
  return { isPending: types.isPending, isKnown: Boolean(itemType && types.data?.byName.has(itemType)) };
}

function ViewCard({ card }: CardProps) {
  const { t } = useTranslation();
  const itemType = card.itemType?.trim();
  const known = useKnownType(itemType);
  return (
    <>
      <CardHeading card={card} />
      {!itemType ? (
        <CardMessage text={t('cards.noSchemaType')} />
      ) : known.isPending ? (
        <Skeleton variant="rectangular" height={80} />
      ) : !known.isKnown ? (
        <CardMessage text={t('cards.noSchemaFor', { type: itemType })} />
      ) : (
        <DocumentList type={itemType} count={card.count ?? DEFAULT_VIEW_COUNT} filter={card.filter} />
      )}
      <CardLink card={card} />
    </>
  );
}

export function DocumentList({
  type,
  count,
  filter,
  showDescription = false,
}: {
  type: string;
  count: number;
  filter?: string;
  showDescription?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const rows = useMostRecent(session.appId, type, count, filter);
  if (rows.isPending) return <Skeleton variant="rectangular" height={80} />;
  if (rows.isError) return <CardMessage text={t('cards.sourceNotFound')} />;
  if (rows.data.length === 0) return <CardMessage text={t('cards.noDocuments')} />;
  return (
    <List dense disablePadding>
      {rows.data.map((row) => (
        <ListItem key={String(row.id)} disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={documentHref(type, row.id as number)}>
                {documentTitle(row)}
              </Link>
            }
            secondary={[formatDate(row.created_date, i18n.language), showDescription && typeof row.descrip === 'string' ? row.descrip : '']
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

export const renderer: CardRenderer = { name: 'View', tester: typeIs('View'), component: ViewCard };

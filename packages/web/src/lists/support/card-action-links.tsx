/** Open and Edit at the foot of a card, each described by the card's title for screen readers. */
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

export function CardActionLinks({ href, canEdit, titleId }: { href: string | undefined; canEdit: boolean; titleId: string }) {
  const { t } = useTranslation();
  if (!href) return null;
  return (
    <>
      <Button component={RouterLink} to={href} size="small" aria-describedby={titleId}>
        {t('documents.open')}
      </Button>
      {canEdit && (
        <Button component={RouterLink} to={`${href}?edit`} size="small" aria-describedby={titleId}>
          {t('documents.edit')}
        </Button>
      )}
    </>
  );
}

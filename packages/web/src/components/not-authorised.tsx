import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import { usePageTitle } from '../app/page-title.ts';
import { FullPageMessage } from './full-page-message.tsx';

/** Shown in place of a screen the user lacks the roles for (docs/product/forms-and-lists.md#screens-and-routes). */
export function NotAuthorised({ text }: { text?: string }) {
  const { t } = useTranslation();
  usePageTitle(t('pages.notAuthorisedTitle'));
  return (
    <FullPageMessage icon={<LockIcon />} title={t('pages.notAuthorisedTitle')}>
      <Typography color="text.secondary">{text ?? t('pages.notAuthorisedText')}</Typography>
    </FullPageMessage>
  );
}

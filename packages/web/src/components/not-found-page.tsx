import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { usePageTitle } from '../app/page-title.ts';
import { FullPageMessage } from './full-page-message.tsx';

/** Any route nobody claims (docs/product/forms-and-lists.md#screens-and-routes). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFoundTitle'));
  return (
    <FullPageMessage icon={<SearchOffIcon />} title={t('pages.notFoundTitle')}>
      <Typography color="text.secondary">{t('pages.notFoundHint')}</Typography>
    </FullPageMessage>
  );
}

import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import FindInPageIcon from '@mui/icons-material/FindInPageOutlined';
import { FullPageMessage } from '../../components/full-page-message.tsx';

/** An id that names no readable document (docs/product/forms-and-lists.md#messages 'No document with that reference can be found.'). */
export function DocumentNotFound() {
  const { t } = useTranslation();
  return (
    <FullPageMessage icon={<FindInPageIcon />} title={t('pages.notFoundTitle')}>
      <Typography color="text.secondary">{t('documents.notFound')}</Typography>
    </FullPageMessage>
  );
}

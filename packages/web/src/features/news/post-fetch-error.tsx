import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import FindInPageIcon from '@mui/icons-material/FindInPageOutlined';
import { isApiRequestError } from '../../api/api-error.ts';
import { describeError } from '../../api/describe-error.ts';
import { FullPageMessage } from '../../components/full-page-message.tsx';

/** A post that could not be loaded: 404 reads as an unknown reference, anything else as a fetch error. */
export function PostFetchError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isApiRequestError(error) && error.status === 404) {
    return (
      <FullPageMessage icon={<FindInPageIcon />} title={t('pages.notFoundTitle')}>
        <Typography color="text.secondary">{t('news.notFound')}</Typography>
      </FullPageMessage>
    );
  }
  return (
    <Alert severity="error" role="alert">
      {t('news.fetchError', { title: t('news.title') })}: {describeError(error, t, t('common.unknownError'))}
    </Alert>
  );
}

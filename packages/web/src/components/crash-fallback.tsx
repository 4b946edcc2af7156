import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { FullPageMessage } from './full-page-message.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { isStaleBuildError, reloadOnceForNewBuild } from './stale-build.ts';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'statusText' in error) return String(error.statusText);
  return String(error ?? '');
}

/** The page shown when a screen crashes (docs/product/forms-and-lists.md#messages). */
export function CrashFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const details = describe(error);
  // A screen's code gone with a new release: the page reloads once into the new build (stale-build.ts).
  const [isReloading, setReloading] = useState(() => isStaleBuildError(error));
  useEffect(() => {
    if (isReloading && !reloadOnceForNewBuild(window.sessionStorage, () => window.location.reload())) setReloading(false);
  }, [isReloading]);
  if (isReloading) return <LoadingScreen label={t('common.loading')} fullHeight />;
  return (
    <FullPageMessage
      icon={<ReportProblemIcon />}
      title={t('pages.crashTitle')}
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('pages.crashText')}</Typography>
      {details && (
        <Typography
          component="pre"
          variant="caption"
          aria-label={t('pages.crashDetails')}
          sx={{ whiteSpace: 'pre-wrap', textAlign: 'left', maxWidth: '100%', overflow: 'auto', color: 'text.secondary' }}
        >
          {details}
        </Typography>
      )}
    </FullPageMessage>
  );
}

/** The router's errorElement: render errors and failed lazy chunk loads inside a route. */
export function RouteCrashFallback() {
  return <CrashFallback error={useRouteError()} />;
}

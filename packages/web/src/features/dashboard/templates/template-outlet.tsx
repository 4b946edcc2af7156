import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { pageTemplateOf } from './registry.ts';
import type { PageTemplateProps } from './template-props.ts';

/** The page's template, loaded on demand; an unknown one says 'Report Template {x} not found!'. */
export function TemplateOutlet(props: PageTemplateProps) {
  const { t } = useTranslation();
  const Template = pageTemplateOf(props.page.template);
  if (!Template) {
    return (
      <Alert severity="error" data-testid="template-not-found">
        {t('dashboard.templateNotFound', { name: props.page.template ?? '' })}
      </Alert>
    );
  }
  return (
    <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
      <Template {...props} />
    </Suspense>
  );
}

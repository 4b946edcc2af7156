import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@docket/shared';
import { useCurrentPageTitle } from './page-title.ts';

/** Product, company and plugin (spec 000 §2); the company is dropped on narrow screens. */
export function HeaderBreadcrumb({ company }: { company?: string }) {
  const { t } = useTranslation();
  const page = useCurrentPageTitle();
  const plugin = page?.section ?? (page?.title ? { label: page.title, to: null } : null);
  return (
    <Breadcrumbs
      aria-label={t('shell.breadcrumb')}
      sx={{ color: 'inherit', minWidth: 0, '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' }, '& .MuiBreadcrumbs-separator': { opacity: 0.7 } }}
    >
      <Link component={RouterLink} to="/" color="inherit" underline="hover" sx={{ fontWeight: 600, fontSize: '1.15rem' }}>
        {PRODUCT_NAME}
      </Link>
      {company && (
        <Typography color="inherit" noWrap sx={{ display: { xs: 'none', sm: 'block' }, opacity: 0.9 }}>
          {company}
        </Typography>
      )}
      {plugin &&
        (plugin.to ? (
          <Link component={RouterLink} to={plugin.to} color="inherit" underline="hover" noWrap>
            {plugin.label}
          </Link>
        ) : (
          <Typography color="inherit" noWrap>
            {plugin.label}
          </Typography>
        ))}
    </Breadcrumbs>
  );
}

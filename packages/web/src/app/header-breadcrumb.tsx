import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { PRODUCT_NAME } from '@docket/shared';
import { useCurrentPageTitle } from './page-title.ts';

/**
 * Product, company and plugin (docs/product/forms-and-lists.md#layouts); on narrow screens the company is dropped, and the
 * product too where a page names itself: beside a phone header's buttons the product's name and separator left the
 * page's own name no width at all ("Docket /"), and the menu already leads home. The public header shows the product
 * only (docs/product/forms-and-lists.md#layouts: the public variant).
 */
export function HeaderBreadcrumb({ company, isProductOnly = false }: { company?: string; isProductOnly?: boolean }) {
  const { t } = useTranslation();
  const page = useCurrentPageTitle();
  // Not hidden with CSS: Breadcrumbs would still draw the separator of a hidden item.
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const plugin = isProductOnly ? null : (page?.section ?? (page?.title ? { label: page.title, to: null } : null));
  return (
    <Breadcrumbs
      aria-label={t('shell.breadcrumb')}
      sx={{
        color: 'inherit',
        minWidth: 0,
        '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
        '& .MuiBreadcrumbs-separator': { opacity: 0.7, flexShrink: 0 },
        // A flex item keeps its content's width unless allowed to shrink: without this a long
        // title runs under the header's buttons on a phone instead of ending in an ellipsis.
        '& .MuiBreadcrumbs-li': { minWidth: 0 },
        '& .MuiBreadcrumbs-li:first-of-type': { flexShrink: 0 },
        '& .MuiBreadcrumbs-li > *': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
      }}
    >
      {!(isNarrow && plugin) && (
        <Link component={RouterLink} to="/" color="inherit" underline="hover" sx={{ fontWeight: 600, fontSize: '1.15rem' }}>
          {PRODUCT_NAME}
        </Link>
      )}
      {company && !isNarrow && (
        <Typography color="inherit" noWrap sx={{ opacity: 0.9 }}>
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

/**
 * admin/configuration: the administration area's start (docs/product/administration.md#administration-area): its sections as cards,
 * then the reference data and other administrative types.
 */
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DataObjectIcon from '@mui/icons-material/DataObjectOutlined';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PlayCircleIcon from '@mui/icons-material/PlayCircleOutline';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import StorageIcon from '@mui/icons-material/StorageOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { useTranslation } from 'react-i18next';
import { useDocumentTypes } from '../../api/document-types.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { ADMIN_CATEGORIES } from '../../app/forms-menu-groups.ts';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { AdminGate } from './admin-gate.tsx';
import { adminSections } from './admin-registry.ts';

interface Tile {
  to: string;
  title: string;
  hint: string;
  icon: ReactElement;
}

function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <Grid container spacing={2}>
      {tiles.map((tile) => (
        <Grid key={tile.to} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <Stack sx={{ color: 'primary.main', pt: 0.25 }}>{tile.icon}</Stack>
                  <Stack spacing={0.5}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {tile.title}
                    </Typography>
                    {tile.hint && (
                      <Typography variant="body2" color="text.secondary">
                        {tile.hint}
                      </Typography>
                    )}
                  </Stack>
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export default function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <AdminGate section={t('admin.title')}>
      <AdminHome />
    </AdminGate>
  );
}

/** Types an administrator edits on a screen of their own, whose generic list would repeat it. */
const HAS_OWN_SCREEN: ReadonlySet<string> = new Set(['subscription']);

function AdminHome() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const types = useDocumentTypes(session.appId, session.isAdministrator);
  usePageTitle(t('admin.title'), { label: t('admin.title'), to: '/admin/configuration' });
  const lang = i18n.resolvedLanguage ?? 'en';
  const tiles: Tile[] = [
    { to: '/admin/schemas', title: t('admin.schemas'), hint: t('admin.schemasHint'), icon: <DataObjectIcon /> },
    ...adminSections.map((section) => ({
      to: `/admin/${section.id}`,
      title: t(section.titleKey),
      hint: t(section.hintKey),
      icon: section.icon,
    })),
    { to: '/admin/settings/directory', title: t('admin.directory'), hint: t('admin.directoryHint'), icon: <SettingsIcon /> },
    {
      to: '/admin/settings/mail',
      title: t('mailSettings.connectorsTitle'),
      hint: t('mailSettings.connectorsTileHint'),
      icon: <MailIcon />,
    },
    { to: '/admin/settings/general', title: t('orgSettings.general'), hint: t('orgSettings.generalHint'), icon: <TuneIcon /> },
    { to: '/admin/settings/theme', title: t('orgSettings.theme'), hint: t('orgSettings.themeHint'), icon: <PaletteIcon /> },
    { to: '/admin/settings/storage', title: t('orgSettings.storage'), hint: t('orgSettings.storageHint'), icon: <StorageIcon /> },
    { to: '/admin/configuration/mail', title: t('orgSettings.mail'), hint: t('orgSettings.mailHint'), icon: <MailIcon /> },
    { to: '/admin/all-documents', title: t('admin.allDocuments'), hint: t('admin.allDocumentsHint'), icon: <ManageSearchIcon /> },
    { to: '/admin/settings/subscription', title: t('subscription.title'), hint: t('subscription.hint'), icon: <BusinessIcon /> },
    { to: '/admin/settings/tasks', title: t('serverTasks.title'), hint: t('serverTasks.hint'), icon: <PlayCircleIcon /> },
  ];
  const dataTypes = (types.data?.types ?? []).filter(
    (type) => ADMIN_CATEGORIES.has(type.category ?? '') && !type.type.startsWith('$$') && !HAS_OWN_SCREEN.has(type.type),
  );
  const dataTiles = dataTypes.map((type) => {
    const translate = schemaTranslator(type, lang);
    return {
      to: `/admin/${type.type}`,
      title: translate(type.view?.title ?? type.type),
      hint: translate(type.description ?? ''),
      icon: <ListAltIcon />,
    };
  });
  return (
    <Stack spacing={3}>
      <Paper sx={{ px: 2, py: 1.5 }}>
        <Typography variant="h5" component="h1">
          {t('admin.title')}
        </Typography>
      </Paper>
      <Tiles tiles={tiles} />
      <Typography variant="h6" component="h2">
        {t('admin.referenceData')}
      </Typography>
      <Tiles tiles={dataTiles} />
    </Stack>
  );
}

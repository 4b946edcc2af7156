/**
 * admin/schemas: the Document Schemas list (docs/product/administration.md#administration-area) — the organisation's stored `$$schema`
 * documents on the list engine — and the built-in types, each with Customise (a stored copy
 * that overrides it) or a link to its stored version, and a link to its Indexes tab (a built-in
 * type's lists are learned and indexed before anyone customises it).
 */
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import { builtinTypes, SCHEMA_TYPE, schemaDocumentType } from '@docket/shared';
import { useDocumentTypes } from '../../api/document-types.ts';
import { documentRecordApi } from '../../api/record-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { ListView } from '../../lists/list-view.tsx';
import { useViewer } from '../documents/use-document-type.ts';

/**
 * On a phone the table keeps the title and the two buttons: five columns pushed Customise past
 * the screen's edge (docs/product/administration.md#schemas).
 */
const ON_WIDE = { xs: 'none', sm: 'table-cell' };
const ON_PHONE = { xs: 'block', sm: 'none' };

export function SchemaListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const viewer = useViewer();
  const navigate = useNavigate();
  const showMessage = useMessageBar();
  const catalog = useDocumentTypes(viewer.appId, viewer.isAdministrator);
  const api = useMemo(() => documentRecordApi(viewer.appId, SCHEMA_TYPE), [viewer.appId]);
  usePageTitle(t('admin.schemas'), { label: t('admin.title'), to: '/admin/configuration' });
  const stored = catalog.data?.storedIds;
  return (
    <Stack spacing={3}>
      <ListView
        type={schemaDocumentType}
        api={api}
        storageKey={`${viewer.appId}.admin.schemas`}
        viewer={viewer}
        hrefOf={(row) => `/admin/schemas/${String(row.id)}`}
        onOpen={(row) => void navigate(`/admin/schemas/${String(row.id)}`)}
        createHref="/admin/schemas/new"
        onMessage={showMessage}
      />
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('admin.builtIn')}
        </Typography>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, display: ON_WIDE }}>{t('admin.colType')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('admin.colTitle')}</TableCell>
                <TableCell sx={{ fontWeight: 600, display: ON_WIDE }}>{t('admin.colCategory')}</TableCell>
                <TableCell sx={{ fontWeight: 600, display: ON_WIDE }}>{t('admin.colSource')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {builtinTypes.map((type) => {
                const storedId = stored?.get(type.type);
                const translate = schemaTranslator(type, lang);
                const editorHref = storedId ? `/admin/schemas/${storedId}?` : `/admin/schemas/new?from=${encodeURIComponent(type.type)}&`;
                return (
                  <TableRow key={type.type} data-testid="builtin-type-row">
                    <TableCell sx={{ fontFamily: 'monospace', display: ON_WIDE }}>{type.type}</TableCell>
                    <TableCell>
                      {translate(type.view?.title ?? type.form?.title ?? '')}
                      {/* On a phone the type's name and a stored copy's chip sit under its title. */}
                      <Typography
                        variant="caption"
                        component="div"
                        sx={{ display: ON_PHONE, fontFamily: 'monospace', color: 'text.secondary', overflowWrap: 'anywhere' }}
                      >
                        {type.type}
                      </Typography>
                      {storedId && (
                        <Chip
                          size="small"
                          color="secondary"
                          label={t('admin.stored')}
                          sx={{ display: { xs: 'inline-flex', sm: 'none' }, mt: 0.5 }}
                        />
                      )}
                    </TableCell>
                    <TableCell sx={{ display: ON_WIDE }}>{translate(type.category ?? '')}</TableCell>
                    <TableCell sx={{ display: ON_WIDE }}>
                      {storedId ? (
                        <Chip size="small" color="secondary" label={t('admin.stored')} />
                      ) : (
                        <Chip size="small" variant="outlined" label={t('admin.builtIn')} />
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: { sm: 'nowrap' }, pr: { xs: 0, sm: 2 } }}>
                      <Button
                        size="small"
                        component={RouterLink}
                        aria-label={t('admin.indexesOf', { type: type.type })}
                        to={`${editorHref}tab=indexes`}
                      >
                        {t('admin.indexes')}
                      </Button>
                      <Button size="small" component={RouterLink} to={editorHref.slice(0, -1)}>
                        {storedId ? t('documents.open') : t('admin.customise')}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}

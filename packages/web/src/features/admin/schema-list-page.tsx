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
                {[t('admin.colType'), t('admin.colTitle'), t('admin.colCategory'), t('admin.colSource'), ''].map((label, index) => (
                  <TableCell key={index} sx={{ fontWeight: 600 }}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {builtinTypes.map((type) => {
                const storedId = stored?.get(type.type);
                const translate = schemaTranslator(type, lang);
                const editorHref = storedId ? `/admin/schemas/${storedId}?` : `/admin/schemas/new?from=${encodeURIComponent(type.type)}&`;
                return (
                  <TableRow key={type.type} data-testid="builtin-type-row">
                    <TableCell sx={{ fontFamily: 'monospace' }}>{type.type}</TableCell>
                    <TableCell>{translate(type.view?.title ?? type.form?.title ?? '')}</TableCell>
                    <TableCell>{translate(type.category ?? '')}</TableCell>
                    <TableCell>
                      {storedId ? (
                        <Chip size="small" color="secondary" label={t('admin.stored')} />
                      ) : (
                        <Chip size="small" variant="outlined" label={t('admin.builtIn')} />
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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

/**
 * admin/all-documents: every document of every type (docs/product/administration.md#administration-area). It
 * needs a contains filter: nothing is listed until text is given, then the search API's text mode
 * answers, newest relevance first, as a table.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROWS_PER_PAGE } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { formatDateTime } from '../../components/format-date.ts';
import { PaginationBar } from '../../lists/pagination-bar.tsx';
import { useDebounced } from '../../forms/support/use-debounced.ts';
import { documentHref } from '../documents/document-links.ts';
import { useSearch } from '../search/search-api.ts';

export function AllDocumentsPage() {
  const { t, i18n } = useTranslation();
  const { appId } = useSession();
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(DEFAULT_ROWS_PER_PAGE);
  const query = useDebounced(text.trim(), 400);
  const result = useSearch(appId, { query, mode: 'text', start: page * rows, count: rows });
  usePageTitle(t('admin.allDocuments'), { label: t('admin.title'), to: '/admin/configuration' });
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography variant="h5" component="h1">
            {t('admin.allDocuments')}
          </Typography>
          <TextField
            label={t('admin.contains')}
            value={text}
            required
            onChange={(event) => {
              setText(event.target.value);
              setPage(0);
            }}
            helperText={query ? undefined : t('admin.containsRequired')}
          />
        </Stack>
      </Paper>
      {result.isError && <Alert severity="error">{describeError(result.error, t, t('common.unknownError'))}</Alert>}
      {query && result.data && (
        <TableContainer component={Paper}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {[t('admin.colId'), t('admin.colType'), t('admin.colSummary'), t('admin.colStatus'), t('admin.colCreated')].map((label) => (
                  <TableCell key={label} sx={{ fontWeight: 600 }}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {result.data.dataAr.map((row) => (
                <TableRow key={`${String(row.doc_type)}-${String(row.id)}`}>
                  <TableCell>
                    <Link component={RouterLink} to={documentHref(String(row.doc_type), String(row.id))}>
                      {String(row.display_id ?? row.id)}
                    </Link>
                  </TableCell>
                  <TableCell>{String(row.doc_type)}</TableCell>
                  <TableCell>{String(row.summary ?? '')}</TableCell>
                  <TableCell>{row.status ? <Chip size="small" variant="outlined" label={String(row.status)} /> : null}</TableCell>
                  <TableCell>{formatDateTime(row.meta?.created_date, i18n.resolvedLanguage ?? 'en')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {query && result.data && result.data.total > 0 && (
        <PaginationBar
          page={page}
          rows={rows}
          total={result.data.total}
          onPage={setPage}
          onRows={(next) => {
            setRows(next);
            setPage(0);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * /search?query= (and docs/search): search every document (docs/product/forms-and-lists.md#search). Text/Ref matches words
 * in summaries, descriptions, display ids and references; Query takes the filter language.
 * Enter runs it; 'Results: {n}' and the cards follow. The query lives in the URL, so Back works.
 */
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ROWS_PER_PAGE, type SearchMode } from '@docket/shared';
import { useDocumentTypes } from '../../api/document-types.ts';
import { describeError } from '../../api/describe-error.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { PaginationBar } from '../../lists/pagination-bar.tsx';
import { useSearch } from './search-api.ts';
import { SearchFieldShortcut } from './search-field-shortcut.tsx';
import { SearchResults } from './search-results.tsx';

export default function SearchPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const types = useDocumentTypes(session.appId, session.isAdministrator);
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const mode: SearchMode = params.get('mode') === 'query' ? 'query' : 'text';
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(DEFAULT_ROWS_PER_PAGE);
  const field = useRef<HTMLInputElement>(null);
  if (shownQuery !== query) {
    // The header's box (or Back) changed the query: follow it.
    setShownQuery(query);
    setText(query);
    setPage(0);
  }
  usePageTitle(t('search.title'), { label: t('search.title'), to: '/search' });
  const result = useSearch(session.appId, { query, mode, start: page * rows, count: rows });
  const run = (nextMode = mode) => {
    setPage(0);
    setParams({ query: text.trim(), ...(nextMode === 'query' ? { mode: 'query' } : {}) });
  };
  return (
    <Stack spacing={2}>
      <SearchFieldShortcut field={field} />
      <Paper sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Typography variant="h5" component="h1">
            {t('search.title')}
          </Typography>
          <Stack
            component="form"
            role="search"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            onSubmit={(event) => {
              event.preventDefault();
              run();
            }}
          >
            <TextField
              label={t('search.query')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              fullWidth
              autoFocus
              type="search"
              inputRef={field}
            />
            <Button type="submit" variant="contained">
              {t('search.run')}
            </Button>
          </Stack>
          <RadioGroup row value={mode} onChange={(event) => run(event.target.value as SearchMode)} aria-label={t('search.query')}>
            <FormControlLabel value="text" control={<Radio />} label={t('search.modeText')} />
            <FormControlLabel value="query" control={<Radio />} label={t('search.modeQuery')} />
          </RadioGroup>
          <Typography variant="body2" color="text.secondary">
            {t('search.hint')}
          </Typography>
        </Stack>
      </Paper>
      {result.isError && (
        <Alert severity="error">{t('search.error', { message: describeError(result.error, t, t('common.unknownError')) })}</Alert>
      )}
      {result.data && (
        <Typography variant="h6" component="h2" data-testid="search-count">
          {t('search.results', { count: result.data.total })}
        </Typography>
      )}
      {result.data && (
        <SearchResults
          rows={result.data.dataAr}
          types={types.data}
          lang={i18n.resolvedLanguage ?? 'en'}
          isAdministrator={session.isAdministrator}
        />
      )}
      {result.data && result.data.total > 0 && (
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

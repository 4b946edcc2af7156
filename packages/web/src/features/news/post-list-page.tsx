import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import { DEFAULT_ROWS_PER_PAGE, ROWS_PER_PAGE_OPTIONS } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { useSession } from '../../app/session-context.tsx';
import { usePostList } from './post-api.ts';
import { PostCard } from './post-card.tsx';

function readPaging(params: URLSearchParams): { page: number; rows: number } {
  const rows = Number(params.get('rows'));
  const page = Number(params.get('page'));
  return {
    rows: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows) ? rows : DEFAULT_ROWS_PER_PAGE,
    page: Number.isInteger(page) && page > 0 ? page - 1 : 0,
  };
}

/**
 * News and Posts (route docs/post): the list view in card mode (spec 000 §2 "List view"): title,
 * Create, refresh, the 'N Documents' chip and pagination 15/30/60. Paging lives in the URL so
 * Back from a post returns to the same page.
 */
export default function PostListPage() {
  const { t } = useTranslation();
  const { appId, isAdministrator } = useSession();
  const [params, setParams] = useSearchParams();
  const { page, rows } = readPaging(params);
  const list = usePostList(appId, page * rows, rows);
  const title = t('news.title');
  usePageTitle(title, { label: title, to: '/docs/post' });

  const setPaging = (next: { page: number; rows: number }) =>
    setParams({ page: String(next.page + 1), rows: String(next.rows) }, { replace: true });

  const total = list.data?.total ?? 0;
  const posts = list.data?.dataAr ?? [];

  return (
    <Stack spacing={2}>
      <Paper sx={{ px: 2, py: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 0 } }}>
            {title}
          </Typography>
          {list.data && <Chip label={t('news.documents', { count: total })} data-testid="document-count" />}
          <Tooltip title={t('common.refresh')}>
            <span>
              <IconButton onClick={() => void list.refetch()} aria-label={t('common.refresh')} disabled={list.isFetching}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
          {isAdministrator && (
            <Button component={RouterLink} to="/docs/post/0?edit" variant="contained" startIcon={<AddIcon />}>
              {t('news.create')}
            </Button>
          )}
        </Stack>
      </Paper>

      {list.isError && (
        <Alert severity="error" role="alert">
          {t('news.fetchError', { title })}: {describeError(list.error, t, t('common.unknownError'))}
        </Alert>
      )}

      {list.isPending ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((index) => (
            <Grid key={index} size={{ xs: 12, md: index === 0 ? 12 : 6 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : (
        posts.length === 0 &&
        !list.isError && (
          <Paper sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{t('news.empty')}</Typography>
          </Paper>
        )
      )}

      {posts.length > 0 && (
        <Grid container spacing={2} sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {posts.map((post, index) => (
            // Card mode: the first item and every third one take the full width (spec 000 §2).
            <Grid key={post.id} size={{ xs: 12, md: index % 3 === 0 ? 12 : 6 }}>
              <PostCard post={post} />
            </Grid>
          ))}
        </Grid>
      )}

      {list.data && total > 0 && (
        <Paper>
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, Math.max(0, Math.ceil(total / rows) - 1))}
            rowsPerPage={rows}
            rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
            onPageChange={(_event, next) => setPaging({ page: next, rows })}
            onRowsPerPageChange={(event) => setPaging({ page: 0, rows: Number(event.target.value) })}
            labelRowsPerPage={t('news.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('news.displayedRows', { from: String(from), to: String(to), count })}
          />
        </Paper>
      )}
    </Stack>
  );
}

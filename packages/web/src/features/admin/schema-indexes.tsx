/**
 * The schema editor's Indexes tab (docs/product/forms-and-lists.md#list-indexes): the type's
 * indexes with this organisation's share of their size, the slow list shapes no index serves with the time an index would have
 * saved and an Add index button (a background build), and Drop for indexes added here.
 */
import { Fragment, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AddedListIndexes, IndexBuildState, ListIndexEntry, ListIndexesAnswer, SuggestedListIndex } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { describeError } from '../../api/describe-error.ts';
import { useMessageBar } from '../../app/message-bar.tsx';

const indexesKey = (appId: string, type: string) => ['schema-indexes', appId, type] as const;
const indexesPath = (appId: string, type: string) => `/v3/${encodeURIComponent(appId)}/$$schema/indexes/${encodeURIComponent(type)}`;

/** `category,site_id|incident_date` → `category, site_id → incident_date`. */
function shapeText(shape: string | null, kind?: ListIndexEntry['kind']): string {
  if (!shape) return '—';
  // The group mode's index: the fields it counts by (the view's group field by status).
  if (kind === 'group') return shape.split(',').join(' × ');
  const [equality = '', order = ''] = shape.split('|');
  return equality ? `${equality.split(',').join(', ')} → ${order}` : `→ ${order}`;
}

/** An index name that wraps after its underscores (`documents_type_created`), not mid-word; copied whole. */
function breakableName(name: string) {
  return name.split('_').map((part, index) => (
    <Fragment key={index}>
      {index > 0 && (
        <>
          _<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
type SizeUnit = (typeof SIZE_UNITS)[number];

/** `units` names each unit in the user's language (French counts octets: 'Ko', 'Mo'). */
function sizeText(bytes: number | null, lang: string, units: (unit: SizeUnit) => string): string {
  if (bytes === null) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units(SIZE_UNITS[unit]!)}`;
}

/**
 * The sizes, asked apart from the list: on the embedded database each is a walk of the index's
 * pages (seconds on a million documents), so the list shows at once and follows a build every few
 * seconds without walking again; the sizes are measured once per set of indexes shown.
 */
function useIndexSizes(appId: string, type: string, answer: ListIndexesAnswer | undefined) {
  const names = (answer?.existing ?? []).map((entry) => entry.name).sort();
  const measured = useQuery({
    queryKey: [...indexesKey(appId, type), 'sizes', names],
    queryFn: ({ signal }) => apiClient.get<ListIndexesAnswer>(indexesPath(appId, type), { sizes: true }, signal),
    enabled: answer !== undefined,
    staleTime: 60_000,
    // A new set (a build done, an index dropped) keeps the sizes known meanwhile.
    placeholderData: keepPreviousData,
  });
  const bytes = new Map((measured.data?.existing ?? []).map((entry) => [entry.name, entry.bytes]));
  const isMeasuring = measured.isPending || measured.isPlaceholderData;
  /** The share in bytes; null when the database cannot say; undefined while it is being measured. */
  return (name: string): number | null | undefined => (bytes.has(name) ? bytes.get(name)! : isMeasuring ? undefined : null);
}

/**
 * Cells shown from the `sm` width up: on a phone a suggestion keeps its shape, the time an index
 * would save and its Add index button in view without scrolling sideways, and an existing index
 * its name, shape, share and Drop button (only an added one has it); the figures behind the
 * estimate (requests, 95th percentile) and an index's origin show on wider screens.
 */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** On a phone the cells' padding and the buttons' minimum width shrink, so an added index's Drop button fits beside its name, shape and share. */
const NARROW_CELLS = { '& th, & td': { px: { xs: 0.75, sm: 2 } }, '& .MuiButton-root': { minWidth: { xs: 0, sm: 64 } } } as const;
export function SchemaIndexes({ appId, type, lang }: { appId: string; type: string; lang: string }) {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const queryClient = useQueryClient();
  const indexes = useQuery({
    queryKey: indexesKey(appId, type),
    queryFn: ({ signal }) => apiClient.get<ListIndexesAnswer>(indexesPath(appId, type), { sizes: false }, signal),
    staleTime: 0,
    // While a build is queued or running, follow its progress.
    refetchInterval: (query) => ((query.state.data?.builds ?? []).some((build) => build.status !== 'failed') ? 3000 : false),
  });
  const sizeOf = useIndexSizes(appId, type, indexes.data);
  // Ticked unless the administrator unticks it: without it the limited members' lists stay slow.
  const [forLimited, setForLimited] = useState(true);
  const refresh = () => queryClient.invalidateQueries({ queryKey: indexesKey(appId, type) });
  const add = useMutation({
    mutationFn: (suggestion: SuggestedListIndex) =>
      apiClient.request<AddedListIndexes>(indexesPath(appId, type), {
        method: 'POST',
        json: { equality: suggestion.equality, order: suggestion.order, forLimited },
      }),
    onSuccess: (added) => {
      const count = 1 + (added?.alsoFor.length ?? 0);
      showMessage(count > 1 ? t('admin.indexQueuedAlsoFor', { count }) : t('admin.indexQueued'), 'success');
      void refresh();
    },
    onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error'),
  });
  const drop = useMutation({
    mutationFn: (entry: ListIndexEntry) =>
      apiClient.request(`${indexesPath(appId, type)}/${encodeURIComponent(entry.name)}`, { method: 'DELETE' }),
    onSuccess: () => {
      showMessage(t('admin.indexDropped'), 'success');
      void refresh();
    },
    onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error'),
  });
  if (indexes.isError) return <Alert severity="error">{describeError(indexes.error, t, t('common.unknownError'))}</Alert>;
  const answer = indexes.data;
  if (!answer) return <Typography color="text.secondary">{t('common.loading')}</Typography>;
  const number = new Intl.NumberFormat(lang);
  const limitedFields = new Intl.ListFormat(lang, { type: 'conjunction' }).format(
    answer.limitedBy.map((field) => t(`admin.indexLimitedFields.${field as 'site_id' | 'region_id'}`)),
  );
  return (
    <Stack spacing={2} data-testid="schema-indexes">
      <Typography variant="body2" color="text.secondary">
        {t('admin.indexesHint')}
      </Typography>
      {answer.ownIndexesFrom !== null && (
        <Alert severity="info" data-testid="own-indexes-from">
          {t('admin.ownIndexesFrom', { documents: number.format(answer.ownIndexesFrom) })}
        </Alert>
      )}
      <Typography variant="subtitle2" component="h3">
        {t('admin.suggestedIndexes')}
      </Typography>
      {answer.suggested.length === 0 ? (
        <Typography color="text.secondary">{t('admin.noSuggestedIndexes')}</Typography>
      ) : (
        <>
          {answer.limitedBy.length > 0 && (
            <Stack spacing={0.5}>
              <FormControlLabel
                control={<Checkbox checked={forLimited} onChange={(event) => setForLimited(event.target.checked)} />}
                label={t('admin.indexForLimited', { fields: limitedFields })}
                aria-describedby="index-for-limited-hint"
              />
              <Typography variant="body2" color="text.secondary" id="index-for-limited-hint">
                {t('admin.indexForLimitedHint', { fields: limitedFields })}
              </Typography>
            </Stack>
          )}
          <TableContainer>
            <Table size="small" aria-label={t('admin.suggestedIndexes')} data-testid="suggested-indexes" sx={NARROW_CELLS}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('admin.indexShape')}</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {t('admin.indexRequests')}
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {t('admin.indexP95')}
                  </TableCell>
                  <TableCell align="right">{t('admin.indexSaved')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.suggested.map((suggestion) => (
                  <TableRow key={suggestion.shape}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{shapeText(suggestion.shape)}</TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {number.format(suggestion.requests)}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {suggestion.p95Ms === null ? t('admin.indexSlowerThan') : t('admin.indexMs', { ms: number.format(suggestion.p95Ms) })}
                    </TableCell>
                    <TableCell align="right">
                      {t('admin.indexSeconds', { seconds: number.format(Math.round(suggestion.savedMs / 100) / 10) })}
                    </TableCell>
                    <TableCell align="right">
                      {answer.building.includes(suggestion.shape) ? (
                        <Typography variant="body2" color="text.secondary">
                          {t('admin.indexBuilding')}
                        </Typography>
                      ) : (
                        <Button size="small" onClick={() => add.mutate(suggestion)} disabled={add.isPending}>
                          {t('admin.addIndex')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {answer.builds.length > 0 && <IndexBuilds builds={answer.builds} lang={lang} />}
      <Typography variant="subtitle2" component="h3">
        {t('admin.existingIndexes')}
      </Typography>
      <Typography variant="body2" color="text.secondary" id="index-size-hint">
        {t('admin.indexSizeHint')}
      </Typography>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('admin.existingIndexes')}
          aria-describedby="index-size-hint"
          data-testid="existing-indexes"
          sx={NARROW_CELLS}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.indexName')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{t('admin.indexKind')}</TableCell>
              <TableCell>{t('admin.indexShape')}</TableCell>
              <TableCell align="right">{t('admin.indexSize')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.existing.map((entry) => (
              <TableRow key={entry.name}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{breakableName(entry.name)}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t(`admin.indexKinds.${entry.kind}`)}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{shapeText(entry.shape, entry.kind)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {sizeOf(entry.name) === undefined ? (
                    <Typography variant="body2" component="span" color="text.secondary">
                      {t('admin.indexSizeMeasuring')}
                    </Typography>
                  ) : (
                    sizeText(sizeOf(entry.name) ?? null, lang, (unit) => t(`admin.sizeUnits.${unit}`))
                  )}
                </TableCell>
                <TableCell align="right">
                  {entry.kind === 'added' && (
                    <Button size="small" color="error" onClick={() => drop.mutate(entry)} disabled={drop.isPending}>
                      {t('admin.dropIndex')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/** Builds not yet done (and recent failures): what each waits for, or how far it has come. */
function IndexBuilds({ builds, lang }: { builds: IndexBuildState[]; lang: string }) {
  const { t } = useTranslation();
  const time = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const count = new Intl.NumberFormat(lang);
  const statusKey = (build: IndexBuildState) => {
    if (build.status !== 'building') return build.status;
    if (build.orderField !== null) return 'filling';
    return build.currentRead !== null ? 'buildingRead' : 'building';
  };
  const statusText = (build: IndexBuildState) =>
    t(`admin.indexBuildStatus.${statusKey(build)}`, {
      time: time.format(new Date(build.runAfter)),
      built: count.format(build.built),
      total: build.total === null ? '…' : count.format(build.total),
      percent: String(build.currentRead ?? 0),
      error: build.error ?? '',
    });
  return (
    <Stack spacing={1} data-testid="index-builds">
      <Typography variant="subtitle2" component="h3">
        {t('admin.indexBuilds')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('admin.indexBuildsHint')}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('admin.indexBuilds')}>
          <TableBody>
            {builds.map((build, index) => (
              <TableRow key={`${build.shape ?? ''}-${index}`}>
                <TableCell sx={{ fontFamily: build.shape ? 'monospace' : undefined }}>
                  {build.shape
                    ? shapeText(build.shape)
                    : build.orderField !== null
                      ? t('admin.indexBuildOrder', { field: build.orderField })
                      : t('admin.indexBuildOwn')}
                  {build.renews !== null && (
                    <Typography variant="body2" color="text.secondary" sx={{ fontFamily: (theme) => theme.typography.fontFamily }}>
                      {t('admin.indexBuildRenews', { name: build.renews })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" color={build.status === 'failed' ? 'error' : 'text.secondary'}>
                    {statusText(build)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

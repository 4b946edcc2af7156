/**
 * The list engine (docs/product/forms-and-lists.md#list-view): any type's records in table, card or group mode,
 * with the filter popup, options, export, chips and pagination. Generic: it knows a type
 * definition and a record API, never a feature; screens pass links, stars and extra actions in.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fieldCatalogOf, type DocumentSchema, type ViewMode } from '@docket/shared';
import { describeError } from '../api/describe-error.ts';
import type { RecordApi } from '../api/record-api.ts';
import { useRecordList } from '../api/records-api.ts';
import { usePaintedMark } from '../components/render-marks.ts';
import { schemaTranslator } from '../forms/schema-i18n.ts';
import type { CellContext } from './column-type.ts';
import { ExportDialog } from './export-dialog.tsx';
import { FilterChips } from './filter-chips.tsx';
import { FilterDialog, type Viewer } from './filter-dialog.tsx';
import { useListFilter, useListPreferences } from './list-preferences.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { allowedModes, listModeOf } from './mode-registry.ts';
import { OptionsPopover } from './options-popover.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { RowCardDialog } from './row-card-dialog.tsx';
import { SelectionBar } from './selection-bar.tsx';
import type { Row } from './support/cell-value.ts';
import { CardActionLinks } from './support/card-action-links.tsx';
import { useEffectiveFilter, type ChosenGroup } from './use-effective-filter.ts';
import { useRowSelection } from './use-row-selection.ts';

export interface ListViewProps {
  type: DocumentSchema;
  api: RecordApi;
  /** Key of this list's preferences and filter in local storage (per organisation and type). */
  storageKey: string;
  viewer: Viewer;
  hrefOf: (row: Row) => string | undefined;
  /** What a row click does; by default it opens `hrefOf(row)`. */
  onOpen?: (row: Row) => void;
  createHref?: string;
  star?: { isStarred: boolean; onToggle: () => void };
  onSaveGlobalFilter?: (expression: string) => void;
  onMessage: (text: string, severity: 'success' | 'error' | 'info' | 'warning') => void;
  /** Extra buttons for the selected rows (e.g. merge identities). */
  selectionActions?: (selected: Row[], clear: () => void) => ReactNode;
  rowActions?: (row: Row) => ReactNode;
  /** In a picker dialog: the heading is an h2 and a row click picks. */
  isPicker?: boolean;
}

export function ListView(props: ListViewProps) {
  const {
    type,
    api,
    storageKey,
    viewer,
    hrefOf,
    createHref,
    star,
    onSaveGlobalFilter,
    onMessage,
    selectionActions,
    rowActions,
    isPicker = false,
  } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const translate = useMemo(() => schemaTranslator(type, viewer.lang), [type, viewer.lang]);
  const catalog = useMemo(() => fieldCatalogOf(type, { canSeeProtected: viewer.isAdministrator }), [type, viewer.isAdministrator]);
  const [preferences, setPreferences] = useListPreferences(storageKey);
  const [filter, setStoredFilter] = useListFilter(storageKey);
  const [group, setGroup] = useState<ChosenGroup | null>(null);
  const [page, setPage] = useState(0);
  const [order, setOrder] = useState<string | undefined>(filter.order);
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const [isExportOpen, setIsExportOpen] = useState(false);
  const [optionsAnchor, setOptionsAnchor] = useState<HTMLElement | null>(null);
  const [cardRow, setCardRow] = useState<Row | null>(null);
  const view = type.view;
  const modes = allowedModes(view?.modes, api.supportsGroupBy);
  const mode: ViewMode = preferences.mode && modes.includes(preferences.mode) ? preferences.mode : (modes[0] as ViewMode);
  const setFilter = (next: typeof filter) => {
    setStoredFilter(next);
    setOrder(next.order ?? order);
    setPage(0);
  };
  const effective = useEffectiveFilter({
    type,
    filter,
    setFilter,
    group,
    setGroup: (next) => {
      setGroup(next);
      setPage(0);
    },
    catalog,
    isAdministrator: viewer.isAdministrator,
    supportsDefault: api.supportsDefaultFilter,
    translate,
  });
  const isBlocked = effective.missingRequired.length > 0;
  const params = {
    filter: effective.filter,
    order,
    count: preferences.rows,
    start: page * preferences.rows,
    useDefaultFilter: effective.useDefaultFilter,
  };
  const query = useRecordList(api, params, !!view && !isBlocked && mode !== 'group');
  const rows = useMemo(() => query.data?.dataAr ?? [], [query.data]);
  const selection = useRowSelection(
    rows,
    api,
    viewer.isAdministrator,
    isPicker || (view?.table.schema ?? []).some((c) => c.allowReadSelect),
  );
  usePaintedMark('list', query.dataUpdatedAt, query.isSuccess);

  if (!view) return <Alert severity="warning">{t('lists.noViewSchema', { type: type.type })}</Alert>;
  const title = translate(view.title);
  const open =
    props.onOpen ??
    ((row: Row) => {
      if (view.uiSchemas && Object.keys(view.uiSchemas).length > 0) return setCardRow(row);
      const href = hrefOf(row);
      if (href) void navigate(href);
    });
  const cell: CellContext = {
    t,
    lang: viewer.lang,
    appId: viewer.appId,
    translate,
    type,
    isAdministrator: viewer.isAdministrator,
    hrefOf,
    selection: selection.context,
    renderActions: rowActions,
  };
  const Mode = (listModeOf(mode) ?? listModeOf('table'))!.Component;
  const exportQuery = { filter: effective.filter, order, args: effective.useDefaultFilter ? 'default' : undefined };

  return (
    <Stack spacing={2}>
      <ListToolbar
        title={title}
        headingLevel={isPicker ? 'h2' : 'h1'}
        total={query.data?.total}
        isEstimate={query.data?.totalIsEstimate === true}
        estimate={query.data?.totalEstimate}
        modes={modes}
        mode={mode}
        onMode={(next) => setPreferences({ ...preferences, mode: next })}
        filterCount={filter.chips.length}
        onFilter={type.filter || type.form ? () => setIsFilterOpen(true) : undefined}
        onOptions={setOptionsAnchor}
        onExport={api.supportsExport ? () => setIsExportOpen(true) : undefined}
        onRefresh={() => void query.refetch()}
        isRefreshing={query.isFetching}
        star={star}
        createHref={createHref}
      />
      <FilterChips chips={effective.chips} />
      <SelectionBar
        count={selection.selected.length}
        deletableCount={selection.deletable.length}
        onDelete={isPicker ? undefined : () => selection.deleteSelected(onMessage)}
        onClear={selection.clear}
      >
        {selectionActions?.(selection.selected, selection.clear)}
      </SelectionBar>
      {isBlocked && (
        <Alert severity="info">
          {t('lists.requiredFilters', { fields: effective.missingRequired.map((f) => translate(f)).join(', ') })}
        </Alert>
      )}
      {query.isError && (
        <Alert severity="error" role="alert">
          {t('lists.fetchError', { title })}: {describeError(query.error, t, t('common.unknownError'))}
        </Alert>
      )}
      {mode !== 'group' && query.isPending && !isBlocked ? (
        <Skeleton variant="rounded" height={320} />
      ) : mode === 'card' && rows.length === 0 && !query.isError && !isBlocked ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('lists.empty')}</Typography>
        </Paper>
      ) : (
        !isBlocked && (
          <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Mode
              rows={rows}
              columns={view.table.schema}
              type={type}
              cell={cell}
              density={preferences.density}
              order={order}
              onSort={(field) => setOrder(order?.startsWith(`${field} asc`) ? `${field} desc` : `${field} asc`)}
              onOpen={open}
              cardActions={(row) => (
                <CardActionLinks
                  href={hrefOf(row)}
                  canEdit={viewer.isAdministrator || (row.meta as { access?: { editor?: boolean } } | undefined)?.access?.editor === true}
                  titleId={`card-title-${String(row.id ?? row.uuid ?? '')}`}
                />
              )}
              group={{
                api,
                groupBy: view.groupBy ?? 'status',
                filter: effective.filter,
                useDefaultFilter: effective.useDefaultFilter,
                onChoose: (expression, label) => {
                  setGroup({ expression, label });
                  setPreferences({ ...preferences, mode: modes.includes('table') ? 'table' : modes[0] });
                },
              }}
              selectable={selection.selectable}
              onSelectAll={selection.selectAll}
              selectedCount={selection.selected.length}
            />
          </div>
        )
      )}
      {mode !== 'group' && query.data && query.data.total > 0 && (
        <PaginationBar
          page={page}
          rows={preferences.rows}
          total={query.data.total}
          onPage={setPage}
          onRows={(next) => {
            setPreferences({ ...preferences, rows: next });
            setPage(0);
          }}
        />
      )}
      <FilterDialog
        isOpen={isFilterOpen}
        title={title}
        type={type}
        catalog={catalog}
        filter={filter}
        viewer={viewer}
        translate={translate}
        onApply={setFilter}
        onSaveGlobal={onSaveGlobalFilter}
        onClose={() => setIsFilterOpen(false)}
      />
      <OptionsPopover
        anchor={optionsAnchor}
        preferences={preferences}
        onChange={(next) => {
          setPreferences(next);
          setPage(0);
        }}
        onClose={() => setOptionsAnchor(null)}
      />
      <ExportDialog
        isOpen={isExportOpen}
        title={title}
        hasExport={!!type.export}
        path={`${api.listPath}/export`}
        query={exportQuery}
        page={{ start: page * preferences.rows, count: preferences.rows }}
        onClose={() => setIsExportOpen(false)}
        onDone={(text) => onMessage(text, 'success')}
      />
      <RowCardDialog
        row={cardRow}
        type={type}
        viewer={viewer}
        translate={translate}
        href={cardRow ? hrefOf(cardRow) : undefined}
        onClose={() => setCardRow(null)}
      />
    </Stack>
  );
}

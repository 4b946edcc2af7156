/**
 * The list engine (docs/product/forms-and-lists.md#list-view): any type's records in table, card or group mode,
 * with the filter popup, options, export, chips and pagination. Generic: it knows a type
 * definition and a record API, never a feature; screens pass links, stars and extra actions in.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { fieldCatalogOf, type DocumentSchema, type ViewMode } from '@docket/shared';
import { describeError } from '../api/describe-error.ts';
import type { RecordApi } from '../api/record-api.ts';
import { useRecordList } from '../api/records-api.ts';
import { usePaintedMark } from '../components/render-marks.ts';
import { useShortcut } from '../shortcuts/use-shortcut.ts';
import { schemaTranslator } from '../forms/schema-i18n.ts';
import type { CellContext } from './column-type.ts';
import { ExportDialog } from './export-dialog.tsx';
import { FilterChips } from './filter-chips.tsx';
import { FilterDialog, type Viewer } from './filter-dialog.tsx';
import { columnKey, useHiddenColumns, useListFilter, useListPreferences } from './list-preferences.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { allowedModes, listModeOf } from './mode-registry.ts';
import { OptionsPopover } from './options-popover.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import { RowCardDialog } from './row-card-dialog.tsx';
import { SelectionBar } from './selection-bar.tsx';
import type { Row } from './support/cell-value.ts';
import { CardActionLinks } from './support/card-action-links.tsx';
import { useEffectiveFilter, type ChosenGroup } from './use-effective-filter.ts';
import { useListLocation } from './use-list-location.ts';
import { usePageCursors } from './use-page-cursors.ts';
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
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const translate = useMemo(() => schemaTranslator(type, viewer.lang), [type, viewer.lang]);
  const catalog = useMemo(() => fieldCatalogOf(type, { canSeeProtected: viewer.isAdministrator }), [type, viewer.isAdministrator]);
  const themeDensity = useTheme().density;
  const [preferences, setPreferences] = useListPreferences(storageKey, themeDensity);
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(viewer.userId, storageKey);
  const [storedFilter, setStoredFilter] = useListFilter(storageKey);
  const [group, setGroup] = useState<ChosenGroup | null>(null);
  const pageState = useState(0);
  const location = useListLocation(!isPicker, type, catalog, viewer.isAdministrator, translate, pageState);
  const filter = location.filter ?? storedFilter;
  const { page, setPage } = location;
  const [order, setOrder] = useState<string | undefined>(filter.order);
  const [isFilterOpen, setIsFilterOpen] = useState(false);
  const [isExportOpen, setIsExportOpen] = useState(false);
  const [optionsAnchor, setOptionsAnchor] = useState<HTMLElement | null>(null);
  const [cardRow, setCardRow] = useState<Row | null>(null);
  const view = type.view;
  const modes = allowedModes(view?.modes, api.supportsGroupBy);
  // On a phone a table is a sideways scroll: cards are the default there, until the user picks a mode.
  const preferred: ViewMode | undefined = preferences.mode ?? (isPhone && modes.includes('card') ? 'card' : undefined);
  const mode: ViewMode = preferred && modes.includes(preferred) ? preferred : (modes[0] as ViewMode);
  const setFilter = (next: typeof filter) => {
    setStoredFilter(next);
    setOrder(next.order ?? order);
    location.setFilter(next);
  };
  // A list opened without a filter in its address shows the remembered one (maybe none): put it
  // there, so the address always names what is shown, can be shared, and Back returns to it.
  const { adopt } = location;
  useEffect(() => {
    if (location.filter === null) adopt(storedFilter);
  }, [location.filter, storedFilter, adopt]);
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
  const question = { filter: effective.filter, order, count: preferences.rows, useDefaultFilter: effective.useDefaultFilter };
  const cursors = usePageCursors(api.supportsCursors === true, JSON.stringify(question));
  const params = { ...question, start: page * preferences.rows, ...cursors.continuationAt(page) };
  const query = useRecordList(api, params, !!view && !isBlocked && mode !== 'group');
  const { remember } = cursors;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) remember(page, query.data);
  }, [query.data, query.isPlaceholderData, page, remember]);
  const rows = useMemo(() => query.data?.dataAr ?? [], [query.data]);
  const selection = useRowSelection(
    rows,
    api,
    viewer.isAdministrator,
    isPicker || (view?.table.schema ?? []).some((c) => c.allowReadSelect),
  );
  usePaintedMark('list', query.dataUpdatedAt, query.isSuccess);
  // 'c' and 'r' do what Create and Refresh do (docs/product/forms-and-lists.md#keyboard-shortcuts); a
  // picker's list is inside a dialog, where the page's shortcuts do not apply.
  useShortcut(
    'listCreate',
    () => {
      if (createHref) void navigate(createHref);
    },
    !isPicker && createHref !== undefined,
  );
  useShortcut(
    'listRefresh',
    () => {
      if (!query.isFetching) void query.refetch(); // the button is greyed while a refresh runs
    },
    !isPicker,
  );

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
  const choosable = view.table.schema
    .filter((column) => column.type !== 'selector' && column.type !== 'actions' && column.label)
    .map((column) => ({ key: columnKey(column), label: translate(column.label ?? column.id) }));
  const shownColumns = view.table.schema.filter((column) => !hiddenColumns.includes(columnKey(column)));
  // An empty list under a filter says so: the documents may be there, hidden by it.
  const emptyText = effective.chips.length > 0 ? t('lists.emptyFiltered') : t('lists.empty');
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
          <Typography color="text.secondary">{emptyText}</Typography>
        </Paper>
      ) : (
        !isBlocked && (
          <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Mode
              rows={rows}
              columns={shownColumns}
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
              emptyText={emptyText}
            />
          </div>
        )
      )}
      {mode !== 'group' && query.data && query.data.total > 0 && (
        <PaginationBar
          page={page}
          rows={preferences.rows}
          total={query.data.total}
          isEstimate={query.data.totalIsEstimate === true}
          estimate={query.data.totalEstimate}
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
        columns={mode === 'table' ? choosable : undefined}
        hidden={hiddenColumns}
        onHidden={setHiddenColumns}
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

/**
 * The reporting API's shapes as the web app reads them (docs/product/reporting.md#api). The
 * server owns the figures (`itm`, `ytd`, `roll12`, `roll24`, `target`); the app only shows them.
 */
import type { TextTranslations } from './translated-text.ts';
import type { MetricDeviation, MetricTargets } from '@docket/shared';

/** The figure lists of a report data item, one per window (docs/product/reporting.md#kpi-maths). */
export const METRIC_CATEGORIES = ['itm', 'ytd', 'roll12', 'roll24', 'target'] as const;
export type MetricCategory = (typeof METRIC_CATEGORIES)[number];

/** The three periods a user can switch between (default ITM). */
export const PERIODS = ['itm', 'ytd', 'roll12'] as const;
export type Period = (typeof PERIODS)[number];

export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

export function isMetricCategory(value: unknown): value is MetricCategory {
  return typeof value === 'string' && (METRIC_CATEGORIES as readonly string[]).includes(value);
}

/** One figure of a window list: `metric` is the metric's name (or its id, read as text). */
export interface MetricEntry {
  metric: string | number;
  value?: number | null;
  /** A list metric (type 3) answers label/value pairs. */
  values?: { label: string; value: number | null }[];
  text?: string | null;
}

/** A manual value entered for a month, with the reason a check asked for. */
export interface ManualEntry {
  metric: string | number;
  value: number | null;
  reason?: string | null;
}

/** Item scopes: 0 several sites, 1 group (the period's master), 2 region, 3 site, 9 personal. */
export const ITEM_SCOPE = { sites: 0, group: 1, region: 2, site: 3, personal: 9 } as const;

export interface ReportDataItem {
  id: number;
  report_id: number;
  report_data_id?: number | null;
  report_date: string;
  from_date?: string | null;
  to_date?: string | null;
  sort_date?: string | null;
  scope: number;
  region_id?: number | null;
  site_id?: number | null;
  site_ids?: number[] | null;
  client_id?: number | null;
  project_id?: number | null;
  module_id?: number | null;
  keyword_id?: number | null;
  keyword_value_id?: number | null;
  actionee_ids?: string[] | null;
  tally?: boolean;
  master?: boolean;
  closed?: boolean;
  status?: string | null;
  user?: ManualEntry[] | null;
  itm?: MetricEntry[] | null;
  ytd?: MetricEntry[] | null;
  roll12?: MetricEntry[] | null;
  roll24?: MetricEntry[] | null;
  target?: MetricEntry[] | null;
  last_updated?: string | null;
  isRefreshing?: boolean;
  content?: { summary1?: string | null } | null;
  data_normalised?: {
    region?: string | null;
    site?: string | null;
    client?: string | null;
    project?: string | null;
    project_ref?: string | null;
    manager?: string | null;
    actionees?: string | null;
    keyword_value?: string | null;
  } | null;
  meta?: { access?: { editor?: boolean; delete?: boolean }; workflow?: { closed?: boolean } } & Record<string, unknown>;
}

/** Metric types: 0 manual, 1 computed, 2 single, 3 list, 4 multi, 8 external, 9 display. */
export const METRIC_TYPE = { manual: 0, computed: 1, single: 2, list: 3, multi: 4, external: 8, display: 9 } as const;

export interface ReportMetric {
  id: number;
  report_id: number;
  name: string;
  label?: string | null;
  descrip?: string | null;
  unit?: string | null;
  format?: number | null;
  type?: number | null;
  order?: number | null;
  formula?: string | null;
  targets?: MetricTargets | null;
  deviation?: MetricDeviation | null;
  target_miss_text?: string | null;
  /** The label and description in other languages (`data.{lang}.{label|descrip}`), as cards carry theirs. */
  i18n?: { data?: Record<string, { label?: string | null; descrip?: string | null } | null> | null } | null;
}

/** A dashboard card as stored in a page's rows (docs/product/reporting.md#cards). */
export interface CardSchema {
  /** The card type: Spark, Banner, Info, View, MostRecent, Chart, Metric, Title, Table, … */
  type?: string;
  /** Grid columns out of 12 on wide screens (default: the row shares its width evenly). */
  width?: number;
  title?: string;
  descrip?: string;
  summary?: string;
  i18n?: TextTranslations;
  link?: string;
  linkText?: string;
  itemType?: string;
  filter?: string;
  count?: number;
  chartType?: string;
  metrics?: (string | number)[];
  allowPeriodOverride?: boolean | Period[];
  historical?: boolean;
  showMetricTitle?: boolean;
  report_id?: number;
  metric?: string | number;
  cat?: MetricCategory | 'total';
  subCat?: string;
  virtual?: boolean;
  editIdx?: number;
  /** Table card: its starting mode. */
  mode?: string;
  [key: string]: unknown;
}

/** A row of cards: a plain list or an object holding one. */
export type PageRow = CardSchema[] | { cards: CardSchema[]; template?: string; title?: string };

/** One page of a report's layout (`report.schema[page]`, docs/product/reporting.md#dashboard). */
export interface PageSchema {
  template?: string;
  title?: string;
  rows?: PageRow[];
  /** CSS grid columns applied to every row, e.g. '2fr 1fr'. */
  rowTemplate?: string;
  disableReportSwitch?: boolean;
  disableDateSwitch?: boolean;
  /** Load the five annual dates with the month (for years views). */
  getDataY?: boolean;
  requiredRoles?: string[];
  visible?: boolean;
  /** The page's title in other languages (`data.{lang}.title`), as cards carry theirs. */
  i18n?: TextTranslations;
  [key: string]: unknown;
}

export interface Report {
  id: number;
  title: string;
  descrip?: string | null;
  /** The title and description in other languages (`data.{lang}.{title|descrip}`). */
  i18n?: TextTranslations | null;
  schema?: Record<string, PageSchema> | null;
  user_scope?: number | null;
  refreshing?: boolean;
  percentComplete?: number | null;
  meta?: { access?: { editor?: boolean; delete?: boolean } } & Record<string, unknown>;
}

export interface ReportTitle {
  id: number;
  title: string;
  /** The title in other languages (`data.{lang}.title`, docs/product/reporting.md#reports). */
  i18n?: TextTranslations | null;
}

/** `GET /reporting/{reportId}`: one metric's series for a scope. */
export interface MetricSeriesAnswer {
  metric: {
    name?: string;
    label?: string | null;
    format?: number | null;
    unit?: string | null;
    targets?: MetricTargets | null;
    i18n?: ReportMetric['i18n'];
  };
  dataAr: {
    title?: string | null;
    report_date: string;
    itm: number | null;
    ytd: number | null;
    roll12: number | null;
    target: number | null;
    total?: number | null;
  }[];
}

/** `POST /reporting/{reportId}` with `rdid`: fresh figures per report data id. */
export type RefreshAnswer = Record<string, Pick<ReportDataItem, 'itm' | 'ytd' | 'roll12' | 'roll24' | 'target' | 'last_updated'>> & {
  percentComplete?: number;
  refreshing?: boolean;
};

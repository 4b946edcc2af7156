/**
 * What the cards of a dashboard page share (docs/product/reporting.md#dashboard): the report,
 * its metrics, the month's items and the selected item. The three lists are read in parallel
 * once per report and month (one round trip), so twelve cards do not ask twelve times; the
 * history a chart or table needs is one list for the selected series, shared through the cache.
 */
import { createContext, useContext } from 'react';
import type { DashboardPatch, DashboardState } from './dashboard-state.ts';
import type { CardSchema, Report, ReportDataItem, ReportMetric } from '../reporting-api/index.ts';

export interface DashboardData {
  appId: string;
  report: Report;
  metrics: readonly ReportMetric[];
  /** The month's items in their sort order. */
  items: readonly ReportDataItem[];
  /** The item the page shows: the chosen one, else the period's master item, else the first. */
  selected: ReportDataItem | undefined;
  state: DashboardState;
  setState: (patch: DashboardPatch, options?: { replace?: boolean }) => void;
  /** Layout editing (administrators): cards show their schema editor button. */
  isEditingLayout: boolean;
  /** Applies a card's new schema to the page shown (Update); `save` also stores it (Save). */
  replaceCard: (pageName: string, position: CardPosition, card: CardSchema, save: boolean) => Promise<void>;
}

/** Where a card sits in a page: its row and its place in the row. */
export interface CardPosition {
  row: number;
  column: number;
}

export const DashboardDataContext = createContext<DashboardData | null>(null);

export function useDashboardData(): DashboardData {
  const value = useContext(DashboardDataContext);
  if (!value) throw new Error('useDashboardData outside a dashboard page');
  return value;
}

/**
 * The pagination bar's 'from–to of total' (docs/product/forms-and-lists.md#limits). Beyond the
 * counted window the total is a lower bound (`totalIsEstimate`) or the database's estimate
 * (`totalEstimate`), and the bar says so as the toolbar's count does: '46–60 of 1045' on a list of
 * a million incidents read as if it held 1,045.
 */
export interface PaginationTotal {
  total: number;
  isEstimate?: boolean;
  estimate?: number | undefined;
}

/** The text's key and values: `t(label.key, label.values)`. */
export interface DisplayedRows {
  key: 'lists.displayedRows' | 'lists.displayedRowsMore' | 'lists.displayedRowsAbout';
  values: { from: string; to: string; count: number };
}

export function displayedRows(from: number, to: number, { total, isEstimate, estimate }: PaginationTotal): DisplayedRows {
  const range = { from: String(from), to: String(to) };
  if (estimate !== undefined) return { key: 'lists.displayedRowsAbout', values: { ...range, count: estimate } };
  if (isEstimate === true) return { key: 'lists.displayedRowsMore', values: { ...range, count: total } };
  return { key: 'lists.displayedRows', values: { ...range, count: total } };
}

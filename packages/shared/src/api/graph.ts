/**
 * `GET /v3/{appId}/graph/{type}?qry=&group_by=&from=&to=` (docs/product/reporting.md#charts): the
 * counts a chart card draws, per value of up to two terms — fields and/or `month`.
 */
import type { GroupRow } from './records.ts';

/**
 * One group: the grouped field values (a month term as `month: 'YYYY-MM'`), the number of
 * documents, and the labels of referenced ids (site names, users…) under `data_normalised`.
 */
export type GraphRow = GroupRow;

export interface GraphAnswer {
  dataAr: GraphRow[];
  /** Documents counted (the sum of the rows' counts). */
  total: number;
  /** Every month of the range, oldest first, when the request had one (a month term, or from/to). */
  months?: string[];
  /** More groups existed than one answer holds; only the first ones are answered. */
  totalIsEstimate?: true;
}

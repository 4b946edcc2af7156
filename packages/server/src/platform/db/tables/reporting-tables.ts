/**
 * Reporting at scale (issue 13 item 6, migration 018): the types reports aggregate, the per-month
 * stamps triggers bump on their writes, and the monthly facts computed at those stamps.
 */

/** A document type some report aggregates, and the field its documents are dated by. */
export interface ReportFactSourcesTable {
  org_id: number;
  doc_type: string;
  /** A promoted date column (`created_date`…), or null when the date is in `data`. */
  date_column: string | null;
  /** The JSON path of the date in `data` (SQLite `$.a.b`, PostgreSQL `{a,b}`). */
  date_path: string | null;
}

/** Bumped by triggers on every write of a registered type's document, per UTC month of its date. */
export interface DocumentMonthStampsTable {
  org_id: number;
  doc_type: string;
  month_key: string;
  stamp: number;
}

/** One aggregate's value per location for one month of the organisation, and the stamps it was computed at. */
export interface ReportMonthFactsTable {
  org_id: number;
  doc_type: string;
  fact_key: string;
  month: number;
  stamp: number;
  facts: string;
  computed_date: string;
}

export interface ReportingTables {
  report_fact_sources: ReportFactSourcesTable;
  document_month_stamps: DocumentMonthStampsTable;
  report_month_facts: ReportMonthFactsTable;
}

/**
 * Shapes of the documents engine's answers beyond a plain list (issue 4): group counts, search,
 * select lookups, keyword options, tags, schema versions. Lists answer `ListAnswer<T>` of these.
 */
import type { PersonRef } from './documents.ts';

/**
 * `args` flags of the list API (comma-separated). `default`: apply the type's default filter when
 * no filter is given. `estimate`: beyond the counted window, add the database's estimate of all
 * matches (`totalEstimate`; it costs the planner a look, so lists ask for it only when shown).
 */
export const LIST_ARGS = ['default', 'estimate'] as const;
export type ListArg = (typeof LIST_ARGS)[number];

/**
 * Totals are counted exactly up to `start + TOTAL_COUNT_WINDOW` matches; beyond that the answer
 * says `totalIsEstimate: true` and `total` is that lower bound (issue 4 "Performance").
 */
export const TOTAL_COUNT_WINDOW = 1000;
/** Groups answered by one group_by request at most. */
export const MAX_GROUPS = 1000;
/** Select lookups: 10 results, 100 for the first fetch (docs/product/forms-and-lists.md#field-values). */
export const LOOKUP_COUNT = 10;
export const FIRST_LOOKUP_COUNT = 100;
/** Tags suggested for posts (`GET /api/tags`). */
export const TAG_COUNT = 30;
/** Rows in an export of all pages (docs/product/forms-and-lists.md#export). */
export const EXPORT_MAX_ROWS = 5000;

/**
 * One row of `group_by`: the grouped field values, the number of documents, and the labels of
 * referenced ids (site names, users…) under `data_normalised`.
 */
export interface GroupRow {
  count: number;
  data_normalised?: Record<string, unknown>;
  [field: string]: unknown;
}

/** A select option (docs/product/forms-and-lists.md#field-values). */
export interface SelectOption {
  value: string | number;
  label: string;
  active?: boolean;
  descrip?: string;
  children?: SelectOption[];
  parentValue?: string | number;
  isParent?: boolean;
  dependencies?: { property: string; value?: string }[];
}

/** A suggested tag with the number of posts carrying it. */
export interface TagCount {
  value: string;
  label: string;
  count: number;
}

export type SearchMode = 'text' | 'query';

/** One stored version of a type schema (`GET /v3/{appId}/$$schema/{id}/versions`). */
export interface SchemaVersionEntry {
  version: number;
  type: string;
  action: 'create' | 'update' | 'delete';
  created_by: PersonRef;
  created_date: string;
  /** Top-level properties changed from the previous version. */
  changed: string[];
}

export interface SchemaVersionAnswer extends SchemaVersionEntry {
  schema: Record<string, unknown>;
}

export interface SchemaChange {
  /** JSON Pointer of the changed value, e.g. `/form/schema/properties/score`. */
  path: string;
  before?: unknown;
  after?: unknown;
}

export interface SchemaDiffAnswer {
  from: number;
  to: number;
  changes: SchemaChange[];
}

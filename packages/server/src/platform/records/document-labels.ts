/**
 * `data_normalised`: the labels of the ids a document refers to (site, region, zone and module
 * names, referenced documents' summaries, users' display names, keyword-list options), computed
 * for every answer and never taken from a body. One query resolves the documents and identities
 * of a whole page, one more the keyword options when there are any — each only for what the label
 * cache (label-cache.ts) does not hold, which on a list is usually nothing. A referenced document is
 * labelled only when the caller may read it (same row filter as a direct read), so a label never
 * reveals the summary of a document the caller could not open.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from '../db/sql-fragments.ts';
import { fieldSql } from './field-sql.ts';
import { fieldCatalogOf, type DocumentSchema } from '@docket/shared';
import type { Database } from '../db/database.ts';
import type { Tables } from '../db/tables.ts';
import { readJson } from '../db/json.ts';
import type { Principal } from '../access/principal.ts';
import { rowAllows } from '../access/authorize.ts';
import { labelFieldsOf, type LabelField } from './label-fields.ts';
import { dataGeneration } from '../cache/data-generation.ts';
import {
  documentKey,
  identityKey,
  keywordKey,
  labelCacheOf,
  type KeywordOptions,
  type LabelCache,
  type ReferencedRow,
} from './label-cache.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export interface LabelContext {
  database: Database;
  executor?: Executor;
  orgId: number;
  /** null for system work (seeds, jobs): every reference is labelled. */
  principal: Principal | null;
  typeOf(name: string): Promise<DocumentSchema | undefined>;
}

export interface LabelTarget {
  type: DocumentSchema;
  values: Readonly<Record<string, unknown>>;
}

const asList = (value: unknown, many: boolean): unknown[] =>
  many ? (Array.isArray(value) ? value : []) : value === null || value === undefined ? [] : [value];

function collect(targets: readonly LabelTarget[]) {
  const docIds = new Set<number>();
  const identities = new Set<string>();
  const keywords = new Map<string, Set<number>>();
  for (const { type, values } of targets) {
    for (const field of labelFieldsOf(type)) {
      for (const item of asList(values[field.field], field.many)) {
        if (field.kind === 'doc' && Number.isSafeInteger(item)) docIds.add(item as number);
        else if (field.kind === 'identity' && typeof item === 'string' && item.length <= 200) identities.add(item);
        else if (field.kind === 'keyword' && Number.isSafeInteger(item)) {
          const set = keywords.get(field.key) ?? new Set<number>();
          keywords.set(field.key, set.add(item as number));
        }
      }
    }
  }
  return { docIds, identities, keywords };
}

/**
 * An IN-list's values padded to the next power of two by repeating the last one (the same rows):
 * a page's labels then take one of a few statement texts instead of one per count of ids. On
 * PostgreSQL a text is named and, once it repeats, planned once per connection
 * (pg-prepared-pool.ts); a new text is planned afresh, and planning this query over the documents
 * table's ~190 indexes took 0.26–0.8 ms against 0.01 ms to run it (issue 18, bench/README.md,
 * twenty-second session). SQLite prepares each text once as well (statement-cache.ts).
 */
export function paddedList<T>(values: readonly T[]): T[] {
  const last = values[values.length - 1];
  if (last === undefined) return [];
  let size = 1;
  while (size < values.length) size *= 2;
  return [...values, ...Array.from({ length: size - values.length }, () => last)];
}

/**
 * The cache of label rows (label-cache.ts) when this read may use it: not inside a transaction,
 * whose uncommitted writes the cache must neither serve over nor keep.
 */
function cacheFor(ctx: LabelContext): LabelCache | undefined {
  return ctx.executor ? undefined : labelCacheOf(ctx.database);
}

/**
 * What the label cache holds for `items`, by item (entries looked for and not found dropped), and the items
 * it does not know, which are read and then kept under `generation` by `remember`.
 */
function fromCache<T, V extends ReferencedRow | KeywordOptions>(
  cache: LabelCache | undefined,
  items: Iterable<T>,
  keyOf: (item: T) => string,
) {
  const known: [T, V][] = [];
  const unknown: T[] = [];
  for (const item of items) {
    const hit = cache?.get(keyOf(item));
    if (hit === undefined) unknown.push(item);
    else if (hit !== null) known.push([item, hit as V]);
  }
  const remember = (found: (item: T) => V | undefined, generation: number) => {
    for (const item of unknown) cache?.set(keyOf(item), found(item) ?? null, generation);
  };
  return { known, unknown, remember };
}

async function referencedRows(ctx: LabelContext, docIds: Set<number>, identities: Set<string>): Promise<ReferencedRow[]> {
  const cache = cacheFor(ctx);
  const generation = dataGeneration();
  const docs = fromCache<number, ReferencedRow>(cache, docIds, (id) => documentKey(ctx.orgId, id));
  const people = fromCache<string, ReferencedRow>(cache, identities, identityKey);
  const read = await readReferencedRows(ctx, docs.unknown, people.unknown);
  const readDocs = new Map(read.filter((row) => row.kind === 'd').map((row) => [Number(row.ref_key), row]));
  const readPeople = new Map(read.filter((row) => row.kind === 'i').map((row) => [row.ref_key, row]));
  docs.remember((id) => readDocs.get(id), generation);
  people.remember((uuid) => readPeople.get(uuid), generation);
  return [...docs.known, ...people.known].map(([, row]) => row).concat(read);
}

async function readReferencedRows(ctx: LabelContext, docIds: number[], identities: string[]): Promise<ReferencedRow[]> {
  const executor = ctx.executor ?? ctx.database.reader;
  const parts = [];
  if (docIds.length > 0) {
    parts.push(sql`SELECT 'd' AS kind, cast(id AS text) AS ref_key, summary AS label, doc_type, created_by, site_id, region_id, ref
      FROM documents WHERE org_id = ${ctx.orgId} AND id IN (${sql.join(paddedList(docIds))})`);
  }
  if (identities.length > 0) {
    parts.push(sql`SELECT 'i' AS kind, uuid AS ref_key, display_name AS label, NULL AS doc_type, NULL AS created_by, NULL AS site_id, NULL AS region_id, NULL AS ref
      FROM identities WHERE uuid IN (${sql.join(paddedList(identities))})`);
  }
  if (parts.length === 0) return [];
  const result = await sql<ReferencedRow>`${sql.join(parts, sql` UNION ALL `)}`.execute(executor);
  return result.rows;
}

async function readableDocLabels(ctx: LabelContext, rows: ReferencedRow[]): Promise<Map<number, { label: string; docType: string }>> {
  const labels = new Map<number, { label: string; docType: string }>();
  for (const row of rows) {
    if (row.kind !== 'd' || row.doc_type === null) continue;
    if (ctx.principal) {
      const type = await ctx.typeOf(row.doc_type);
      if (!type || !rowAllows(ctx.principal, type, 'read', { ...row, created_by: row.created_by ?? '' })) continue;
    }
    labels.set(Number(row.ref_key), { label: row.label, docType: row.doc_type });
  }
  return labels;
}

async function keywordLabels(ctx: LabelContext, keywords: Map<string, Set<number>>): Promise<Map<string, KeywordOptions>> {
  if (keywords.size === 0) return new Map();
  const generation = dataGeneration();
  const lists = fromCache<string, KeywordOptions>(cacheFor(ctx), keywords.keys(), (key) => keywordKey(ctx.orgId, key));
  const read = lists.unknown.length > 0 ? await readKeywordOptions(ctx, lists.unknown) : new Map<string, KeywordOptions>();
  lists.remember((key) => read.get(key), generation);
  return new Map([...lists.known, ...read]);
}

async function readKeywordOptions(ctx: LabelContext, keys: string[]): Promise<Map<string, Map<number, string>>> {
  const result = new Map<string, Map<number, string>>();
  const keywordType = await ctx.typeOf('keyword_list');
  if (!keywordType) return result;
  const key = fieldSql(ctx.database.dialect, fieldCatalogOf(keywordType, { canSeeProtected: true }), 'key');
  const rows = await (ctx.executor ?? ctx.database.reader)
    .selectFrom('documents')
    .select('data')
    .where('org_id', '=', ctx.orgId)
    .where('doc_type', '=', 'keyword_list')
    .where(sql<boolean>`${key.expr} IN (${sql.join(keys)})`)
    .execute();
  for (const row of rows) {
    const data = readJson<{ key?: string; options?: { id: number; label: string; children?: { id: number; label: string }[] }[] }>(
      row.data,
      {},
    );
    if (!data.key) continue;
    const labels = result.get(data.key) ?? new Map<number, string>();
    for (const option of data.options ?? []) {
      labels.set(option.id, option.label);
      for (const child of option.children ?? []) labels.set(child.id, child.label);
    }
    result.set(data.key, labels);
  }
  return result;
}

function labelOf(
  field: LabelField,
  item: unknown,
  docs: Map<number, { label: string; docType: string }>,
  people: Map<string, string>,
  keywords: Map<string, KeywordOptions>,
): string | undefined {
  if (field.kind === 'doc') {
    const doc = docs.get(item as number);
    return doc && (field.docType === undefined || doc.docType === field.docType) ? doc.label : undefined;
  }
  if (field.kind === 'identity') return people.get(item as string);
  return keywords.get(field.key)?.get(item as number);
}

/** `data_normalised` of each target, in order: `{display_id, types, <field>: label | labels}`. */
export async function resolveLabels(ctx: LabelContext, targets: readonly LabelTarget[]): Promise<Record<string, unknown>[]> {
  const { docIds, identities, keywords } = collect(targets);
  const [rows, keywordMap] = await Promise.all([referencedRows(ctx, docIds, identities), keywordLabels(ctx, keywords)]);
  const docs = await readableDocLabels(ctx, rows);
  const people = new Map(rows.filter((r) => r.kind === 'i').map((r) => [r.ref_key, r.label]));
  return targets.map(({ type, values }) => {
    const normalised: Record<string, unknown> = { display_id: values.display_id, types: type.type };
    for (const field of labelFieldsOf(type)) {
      const value = values[field.field];
      if (field.many) {
        if (Array.isArray(value) && value.length > 0)
          normalised[field.field] = value.map((item) => labelOf(field, item, docs, people, keywordMap) ?? null);
      } else if (value !== null && value !== undefined) {
        const label = labelOf(field, value, docs, people, keywordMap);
        if (label !== undefined) normalised[field.field] = label;
      }
    }
    return normalised;
  });
}

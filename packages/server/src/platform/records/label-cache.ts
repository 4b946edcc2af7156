/**
 * Short-lived memory of what labels are made from: a referenced document's summary with the
 * columns its read check needs, a person's display name, a keyword list's options. A list page
 * refers to the same few sites, regions, zones and people again and again, and asking the
 * database for them was a statement of its own on every page — on PostgreSQL a round trip that
 * cost a cold list a fifth of its answers (docs/architecture.md, "Answer caches").
 *
 * Only stored rows live here, never a decision: whether the caller may read a referenced document
 * is checked on every answer (document-labels.ts). Like the other caches an entry is valid only
 * for the data generation it was read under (platform/cache/data-generation.ts): any write — in
 * this process, or announced by another one on PostgreSQL — forgets every entry at once, and
 * entries die after LABEL_CACHE_MS (default 5000; 0 keeps none) in any case. Keys carry the
 * organisation wherever the row belongs to one, so two organisations never share an entry.
 */
import type { Database } from '../db/database.ts';
import { configuredCachePerDatabase } from '../cache/ttl-cache.ts';

/** How long a label's row is kept when LABEL_CACHE_MS is not set. */
export const LABEL_TTL_MS = 5000;
/** Enough for every site, region, zone and active person of a large organisation, several times over. */
const MAX_ENTRIES = 50_000;

/** A referenced document (`kind` 'd') or identity ('i') as document-labels.ts reads it. */
export interface ReferencedRow {
  kind: 'd' | 'i';
  ref_key: string;
  label: string;
  doc_type: string | null;
  created_by: string | null;
  site_id: number | null;
  region_id: number | null;
  ref: string | null;
}

/** A keyword list's option labels by option id. */
export type KeywordOptions = ReadonlyMap<number, string>;

/** `null`: looked for and not there (deleted, or another organisation's), so not looked for again. */
type Entry = ReferencedRow | KeywordOptions | null;

const labels = configuredCachePerDatabase<Entry>(LABEL_TTL_MS, MAX_ENTRIES);

/**
 * How long label rows of `database` are kept (LABEL_CACHE_MS; 0 keeps none, so a benchmark can
 * measure every label read). Set when the server's context is made, before the first answer.
 */
export function setLabelCacheMs(database: Database, ms: number): void {
  labels.setLifetime(database, ms);
}

export const documentKey = (orgId: number, id: number) => `d:${orgId}:${id}`;
export const identityKey = (uuid: string) => `i:${uuid}`;
export const keywordKey = (orgId: number, key: string) => `k:${orgId}:${key}`;

export interface LabelCache {
  /** The entry under `key`: undefined when not known. */
  get(key: string): Entry | undefined;
  /** Keeps `value` if the data generation is still `generation` (read before the read that found it). */
  set(key: string, value: Entry, generation: number): void;
}

/** The label cache of `database`, or undefined when it is off. */
export function labelCacheOf(database: Database): LabelCache | undefined {
  const cache = labels.of(database);
  return cache.enabled ? cache : undefined;
}

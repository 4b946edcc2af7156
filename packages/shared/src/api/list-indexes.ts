/**
 * The schema admin's Indexes tab (docs/product/forms-and-lists.md#list-indexes):
 * `GET /v3/{appId}/$$schema/indexes/{type}` answers the type's indexes and the learned list
 * shapes worth one (`?sizes=false`: every `bytes` null, nothing measured); `POST` with `{ equality, order }` queues an index build for a shape
 * (`forLimited: true`: and for each of `limitedBy`, the same shape with that field too);
 * `DELETE …/{type}/{name}` drops an index an administrator added.
 */

/**
 * base: the table's own; field: a field marked `indexed`; derived: from the type's list shapes;
 * group: the group mode's counts (the view's group field by status); added: by an administrator.
 */
export type ListIndexKind = 'base' | 'field' | 'derived' | 'group' | 'added';

export interface ListIndexEntry {
  name: string;
  kind: ListIndexKind;
  /** `equality fields|order field` when the index serves a list shape; the grouped fields (`category,status`) for the group mode's. */
  shape: string | null;
  /**
   * This organisation's share of the index's bytes on disk: indexes are shared by every
   * organisation on the server, so the whole size is never answered (an estimate in proportion to
   * the organisation's entries); null when the database cannot say.
   */
  bytes: number | null;
}

export interface SuggestedListIndex {
  shape: string;
  equality: string[];
  order: string;
  requests: number;
  meanMs: number;
  /** Upper bound of the p95's latency bucket; null: slower than the last bucket (2 s). */
  p95Ms: number | null;
  /** Database time the index would have saved over the requests seen (an estimate). */
  savedMs: number;
}

export interface ListIndexesAnswer {
  type: string;
  existing: ListIndexEntry[];
  suggested: SuggestedListIndex[];
  /** Shapes whose index build is queued or running. */
  building: string[];
  /** Index build jobs of this type not yet done (and those that failed in the last day), oldest first. */
  builds: IndexBuildState[];
  /**
   * While the type has held fewer documents than this (every organisation's together), it has
   * none of its own indexes yet — its lists read through the indexes every type shares; null once
   * it has them (or they are being built).
   */
  ownIndexesFrom: number | null;
  /**
   * The access fields (`site_id`, `region_id`) by which some of this organisation's members are
   * limited on this type: their lists compare that field for equality, so their shape holds it too
   * and an index without it serves them only by reading past other places' rows. Empty when nobody is.
   */
  limitedBy: string[];
}

/**
 * queued: waits for the jobs worker; waiting: waits for its time (`runAfter`: another server
 * process was building, it tries again shortly); building: running now (`built` of `total`, `current` the index being built);
 * retiring: a renewal's new index is built and the old one (`renews`) goes once the type's stored
 * order values are ready (looked at again at `runAfter`); failed: given up after its attempts (`error`).
 */
export type IndexBuildStatus = 'queued' | 'waiting' | 'building' | 'retiring' | 'failed';

export interface IndexBuildState {
  /** The learned shape of an added index; null for the type's own indexes. */
  shape: string | null;
  /**
   * PostgreSQL: the field of `data` whose values the type's stored order column is being filled
   * with (its default order, after a change of it); `built` of `total` documents then. Null for an index build.
   */
  orderField: string | null;
  /**
   * The added index this build renews: the one the shape had before the type's definition (or a
   * release) changed what its index holds; it goes once the new one serves. Null otherwise.
   */
  renews: string | null;
  status: IndexBuildStatus;
  runAfter: string;
  built: number;
  total: number | null;
  current: string | null;
  /** How much of the table the current index's build has read, in whole percent; null when not reported. */
  currentRead: number | null;
  error: string | null;
}

export interface AddListIndexBody {
  equality: string[];
  order: string;
  /** Also the same shape with each field of `limitedBy` added (for the members limited by it). */
  forLimited?: boolean;
}

/** What `POST` queued: the index for the shape asked, and those for its limited members' shapes. */
export interface AddedListIndexes {
  name: string;
  shape: string;
  alsoFor: { name: string; shape: string }[];
}

/** A suggestion names a field the type does not have (docs/product/forms-and-lists.md#list-indexes). */
export const INDEX_UNKNOWN_FIELD = (field: string, type: string) => `Cannot index ${field}: not a field of ${type}`;
/** A suggestion names a list field: a B-tree holds one value per row. */
export const INDEX_ARRAY_FIELD = (field: string) => `Cannot index ${field}: it holds a list of values, which an index cannot order`;
/** A suggestion names a long-text field. */
export const INDEX_TEXT_FIELD = (field: string) => `Cannot index ${field}: long text is searched, not indexed`;
export const INDEX_NOT_ADDED = 'Only indexes added by an administrator can be dropped here';

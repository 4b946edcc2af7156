/**
 * Where a type's records live on the server. Documents of every type answer at
 * `/v3/{appId}/{type}`; the administration lists (users, acl, $$log, $$outbox) answer the same
 * list shape at their own paths but know fewer parameters (no `args`, no `group_by`, no export),
 * and identities are keyed by uuid. The list and form engines only ever talk through this.
 */
export interface RecordApi {
  /** The list/create path, e.g. `/v3/demo/incident`. */
  listPath: string;
  /** The read/update/delete path of one record. */
  itemPath: (id: string | number) => string;
  /** The record's key (document id, identity uuid, acl id). */
  idOf: (row: Record<string, unknown>) => string | number;
  /** `args=default` applies the type's default filter (document lists only). */
  supportsDefaultFilter: boolean;
  /** `group_by` answers group counts (document lists only): the group mode needs it. */
  supportsGroupBy: boolean;
  /** `GET {listPath}/export?format=xls|xlsx` (document lists only). */
  supportsExport: boolean;
  /** Whether records can be created through `POST listPath`. */
  supportsCreate: boolean;
  /** `after` / `before` keyset cursors (document lists only, docs/product/forms-and-lists.md#deep-pages). */
  supportsCursors?: boolean;
  /** Whether a route's `:id` segment can name one of these records (a number unless said otherwise). */
  isRecordId?: (segment: string) => boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function documentRecordApi(appId: string, type: string): RecordApi {
  const listPath = `/v3/${encodeURIComponent(appId)}/${encodeURIComponent(type)}`;
  return {
    listPath,
    itemPath: (id) => `${listPath}/${encodeURIComponent(String(id))}`,
    idOf: (row) => row.id as number,
    supportsDefaultFilter: true,
    supportsGroupBy: true,
    supportsExport: true,
    supportsCreate: true,
    supportsCursors: true,
  };
}

/** An administration list at `/v3/{appId}/{path}` (issue 3's tables). */
export function adminRecordApi(appId: string, path: string, options: { idField?: string; supportsCreate?: boolean } = {}): RecordApi {
  const listPath = `/v3/${encodeURIComponent(appId)}/${path}`;
  const idField = options.idField ?? 'id';
  return {
    listPath,
    itemPath: (id) => `${listPath}/${encodeURIComponent(String(id))}`,
    idOf: (row) => row[idField] as string | number,
    supportsDefaultFilter: false,
    supportsGroupBy: false,
    supportsExport: false,
    supportsCreate: options.supportsCreate ?? false,
    // Identities are keyed by uuid, the other administration lists by number.
    ...(idField === 'uuid' ? { isRecordId: (segment: string) => UUID.test(segment) } : {}),
  };
}

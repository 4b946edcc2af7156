/**
 * Short-lived memory of list totals. A capped count still reads up to a thousand index entries,
 * and a list page is asked for again and again (paging, refreshes, many users on one view): the
 * same count (same SQL, same parameters) is answered from here for up to `TTL_MS`. Writes through
 * this process's document operations forget the counts of their organisation and type at once;
 * other processes' writes (and workflow transitions) show in totals within `TTL_MS`. Only totals
 * live here — never rows — and nothing another process needs.
 */
export const COUNT_TTL_MS = 2000;
const MAX_ENTRIES = 5000;

interface Entry {
  value: { total: number; totalIsEstimate: boolean };
  expires: number;
  generation: number;
}

const entries = new Map<string, Entry>();
const generations = new Map<string, number>();

const scopeKey = (orgId: number, docType: string) => `${orgId}\u0000${docType}`;

export async function cachedCount(
  orgId: number,
  docType: string,
  key: string,
  count: () => Promise<{ total: number; totalIsEstimate: boolean }>,
): Promise<{ total: number; totalIsEstimate: boolean }> {
  const generation = generations.get(scopeKey(orgId, docType)) ?? 0;
  const full = `${scopeKey(orgId, docType)}\u0000${key}`;
  const now = Date.now();
  const hit = entries.get(full);
  if (hit && hit.expires > now && hit.generation === generation) return hit.value;
  const value = await count();
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(full, { value, expires: now + COUNT_TTL_MS, generation });
  return value;
}

/** After a write to documents of this organisation and type. */
export function forgetCounts(orgId: number, docType: string): void {
  const key = scopeKey(orgId, docType);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

/**
 * Recently opened documents, in local storage per organisation (docs/product/forms-and-lists.md#local-storage: 100 kept per
 * key, the last 10 shown under 'Recent'). Subscribable so the header's picker follows at once.
 */
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lists/support/local-store.ts';

export interface RecentItem {
  type: string;
  id: number | string;
  title: string;
  displayId?: string;
  at: string;
}

export const RECENT_KEPT = 100;
export const RECENT_SHOWN = 10;

const listeners = new Set<() => void>();
const cache = new Map<string, RecentItem[]>();

const storageKey = (appId: string) => `docket.recent.${appId}.docs`;

function read(appId: string): RecentItem[] {
  let items = cache.get(appId);
  if (!items) {
    const stored = readStored<unknown>(storageKey(appId), []);
    items = Array.isArray(stored) ? (stored as RecentItem[]) : [];
    cache.set(appId, items);
  }
  return items;
}

export function rememberRecent(appId: string, item: Omit<RecentItem, 'at'>): void {
  const others = read(appId).filter((entry) => !(entry.type === item.type && String(entry.id) === String(item.id)));
  const next = [{ ...item, at: new Date().toISOString() }, ...others].slice(0, RECENT_KEPT);
  cache.set(appId, next);
  writeStored(storageKey(appId), next);
  listeners.forEach((listener) => listener());
}

/** docs/product/forms-and-lists.md#messages: a recent item that fails to load is dropped. */
export function forgetRecent(appId: string, type: string, id: number | string): void {
  const next = read(appId).filter((entry) => !(entry.type === type && String(entry.id) === String(id)));
  cache.set(appId, next);
  writeStored(storageKey(appId), next);
  listeners.forEach((listener) => listener());
}

export function useRecentItems(appId: string): RecentItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(appId),
  );
}

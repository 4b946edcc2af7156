/**
 * Small JSON values in local storage (docs/product/forms-and-lists.md#local-storage: interface preferences, filters and recent
 * items live there), tolerant of refused or corrupt storage: the app keeps working, it just
 * forgets.
 */
import { useCallback, useState } from 'react';

export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, quota): not remembered, still applied for this visit.
  }
}

export function useStoredState<T>(key: string, fallback: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, fallback));
  const [currentKey, setCurrentKey] = useState(key);
  if (currentKey !== key) {
    // Another list in the same component (route change): load its own value.
    setCurrentKey(key);
    setValue(readStored(key, fallback));
  }
  const update = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, update];
}

import { useCallback, useState } from 'react';

const PINNED_KEY = 'docket.menuPinned';

function readPinned(): boolean {
  try {
    return localStorage.getItem(PINNED_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** Whether the wide-screen drawer is pinned open (else it rests in its mini state). */
export function usePinnedMenu(): [boolean, () => void] {
  const [isPinned, setIsPinned] = useState(readPinned);
  const toggle = useCallback(() => {
    setIsPinned((previous) => {
      const next = !previous;
      try {
        localStorage.setItem(PINNED_KEY, String(next));
      } catch {
        // Not remembered; fine for this visit.
      }
      return next;
    });
  }, []);
  return [isPinned, toggle];
}

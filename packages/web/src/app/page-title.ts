import { useEffect, useSyncExternalStore } from 'react';
import { PRODUCT_NAME } from '@docket/shared';

/** The current view's titles: `title` names the page, `section` the plugin in the breadcrumb. */
export interface PageTitle {
  title: string;
  section?: { label: string; to: string };
}

let current: PageTitle | null = null;
const listeners = new Set<() => void>();

function setPageTitle(next: PageTitle | null): void {
  current = next;
  listeners.forEach((listener) => listener());
}

/** Sets the document title to 'Docket - {view title}' and feeds the header breadcrumb. */
export function usePageTitle(title: string, section?: PageTitle['section']): void {
  const sectionLabel = section?.label;
  const sectionTo = section?.to;
  useEffect(() => {
    document.title = title ? `${PRODUCT_NAME} - ${title}` : PRODUCT_NAME;
    setPageTitle({ title, section: sectionLabel && sectionTo ? { label: sectionLabel, to: sectionTo } : undefined });
    return () => setPageTitle(null);
  }, [title, sectionLabel, sectionTo]);
}

export function useCurrentPageTitle(): PageTitle | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * Links written as `href="#/…"` (list rows, ids, cards) go through the router. Left to the browser,
 * such a click changes the hash itself: the router then sees a history entry it did not create,
 * and cannot hold a later Back to it — leaving a form with unsaved changes by its Back arrow or
 * the browser's Back then lost them without asking (docs/product/forms-and-lists.md#form-screen).
 * A plain click on such a link becomes the router's own navigation; a click that opens a new tab
 * or window, downloads, targets another frame or names the page already shown is left to the browser.
 * The listener captures: list cells stop the click's propagation (a row's own click must not
 * fire too), and a router link that sees the click already taken does not navigate a second time.
 */
export interface HashNavigator {
  navigate: (to: string) => unknown;
}

/** The in-app path a click on this element should navigate to, or null when the browser should handle it. */
export function routedPathOf(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>,
): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const anchor = target && typeof target.closest === 'function' ? target.closest('a') : null;
  if (!anchor || anchor.hasAttribute('download')) return null;
  const frame = anchor.getAttribute('target');
  if (frame && frame !== '_self') return null;
  const href = anchor.getAttribute('href');
  if (!href || !href.startsWith('#/') || href === anchor.ownerDocument.defaultView?.location.hash) return null;
  return href.slice(1);
}

/** Routes plain clicks on `#/…` links through `router`; answers the function that stops it. */
export function routeHashLinks(router: HashNavigator, root: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const path = routedPathOf(event);
    if (path === null) return;
    event.preventDefault();
    void router.navigate(path);
  };
  root.addEventListener('click', onClick, true);
  return () => root.removeEventListener('click', onClick, true);
}

/**
 * Sizing of the PDF preview's pages (docs/product/workflow-and-timeline.md#pdf-preview): at 100 %
 * zoom each page fits the dialog's width, never larger than 150 % nor smaller than 25 % of its
 * printed size; the zoom buttons step from 50 % to 300 % of that and the pages are drawn again,
 * sharp, at the new size. Long files show their first pages only, with Download one click away.
 */
export const MAX_PREVIEW_PAGES = 30;
const MAX_SCALE = 1.5;
const MIN_SCALE = 0.25;

export const ZOOM_STEPS: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** The CSS scale at which a page `pageWidth` points wide fills `availableWidth` pixels, times `zoom`. */
export function fitScale(pageWidth: number, availableWidth: number, zoom = 1): number {
  if (!(pageWidth > 0) || !(availableWidth > 0)) return zoom;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, availableWidth / pageWidth)) * zoom;
}

/** The next zoom step in or out from `zoom`, or null at either end. */
export function nextZoom(zoom: number, direction: 'in' | 'out'): number | null {
  const next = direction === 'in' ? ZOOM_STEPS.find((step) => step > zoom) : [...ZOOM_STEPS].reverse().find((step) => step < zoom);
  return next ?? null;
}

/** How many of a file's pages the preview draws. */
export function pagesShown(pageCount: number): number {
  return Math.max(0, Math.min(pageCount, MAX_PREVIEW_PAGES));
}

/**
 * Sizing of the PDF preview's pages (docs/product/workflow-and-timeline.md#pdf-preview): each page
 * fits the dialog's width, never larger than 150 % nor smaller than 25 %; long files show their
 * first pages only, with Download one click away for the rest.
 */
export const MAX_PREVIEW_PAGES = 30;
const MAX_SCALE = 1.5;
const MIN_SCALE = 0.25;

/** The CSS scale at which a page `pageWidth` points wide fills `availableWidth` pixels. */
export function fitScale(pageWidth: number, availableWidth: number): number {
  if (!(pageWidth > 0) || !(availableWidth > 0)) return 1;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, availableWidth / pageWidth));
}

/** How many of a file's pages the preview draws. */
export function pagesShown(pageCount: number): number {
  return Math.max(0, Math.min(pageCount, MAX_PREVIEW_PAGES));
}

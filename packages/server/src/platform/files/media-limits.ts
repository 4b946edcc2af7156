/**
 * Limits of the image and PDF work done on uploads (docs/product/security.md): beyond them a file
 * is refused, or the part of it that exceeds them is left out of its thumbnail. Shared by the
 * event loop's cheap checks and the worker pool's tasks.
 */

/** Largest image (width × height) scaled or thumbnailed: 100 megapixels (a 12,000 × 8,000 photo fits). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Largest image inside a PDF drawn into its thumbnail; bigger ones are left out of the picture. */
export const MAX_PDF_IMAGE_PIXELS = 4096 * 4096;

/** How long one file's image or PDF work may run once a worker starts it (MEDIA_TIME_LIMIT_MS). */
export const DEFAULT_MEDIA_TIME_LIMIT_MS = 20_000;

/** The JavaScript heap of each media worker thread, in MB. */
export const MEDIA_MEMORY_LIMIT_MB = 512;

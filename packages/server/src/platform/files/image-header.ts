/**
 * An image's size from its header alone, before anything decodes it: a few bytes read by sharp
 * (libvips reads the PNG IHDR, the JPEG SOF, the WebP frame header; no pixels), off the event loop
 * on libuv's threads. Lets a 16,000 × 16,000 PNG bomb of a few kilobytes be refused at once.
 */
import { MAX_IMAGE_PIXELS } from './media-limits.ts';

/** The problem with an image too large to process, or null (also when the header cannot be read). */
export async function oversizedImageReason(path: string, name: string): Promise<string | null> {
  // sharp and libvips are loaded with the first upload, not at every server start (docs/architecture.md#start-up).
  const { default: sharp } = await import('sharp');
  const { width, height } = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  if (!width || !height || width * height <= MAX_IMAGE_PIXELS) return null;
  return `The image '${name}' is too large to process (${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`;
}

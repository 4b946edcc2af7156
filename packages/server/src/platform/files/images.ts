/**
 * Image work with sharp (prebuilt binaries from npm) and PDF first pages with pdfjs-dist drawing
 * on @napi-rs/canvas (also prebuilt): large photos are scaled down to maxImageSize and
 * re-encoded at imageCompression; thumbnails (jpg, jpeg, png, pdf — spec 000 §9) are JPEGs of
 * thumbQuality pixels. pdfjs 6 compiles no code from PDFs (no eval). A file sharp or pdfjs cannot read simply
 * gets no thumbnail.
 */
import { rename } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { THUMBNAIL_EXTENSIONS } from '@docket/shared';
import type { StorageSettings } from './storage-settings.ts';

const RESIZABLE = new Set(['jpg', 'jpeg', 'jfif', 'png', 'webp']);

/** Scales an image larger than maxImageSize down in place (EXIF orientation applied, metadata dropped). */
export async function limitImageSize(path: string, extension: string, settings: StorageSettings): Promise<boolean> {
  if (!RESIZABLE.has(extension)) return false;
  const image = sharp(path, { failOn: 'error' });
  const { width = 0, height = 0 } = await image.metadata();
  if (Math.max(width, height) <= settings.maxImageSize) return false;
  const quality = Math.round(settings.imageCompression * 100);
  let pipeline = image
    .rotate()
    .resize({ width: settings.maxImageSize, height: settings.maxImageSize, fit: 'inside', withoutEnlargement: true });
  pipeline =
    extension === 'png'
      ? pipeline.png({ compressionLevel: 9 })
      : extension === 'webp'
        ? pipeline.webp({ quality })
        : pipeline.jpeg({ quality, mozjpeg: true });
  const scaled = `${path}.scaled`;
  await pipeline.toFile(scaled);
  await rename(scaled, path);
  return true;
}

async function pdfFirstPage(path: string, size: number): Promise<Buffer> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await import('@napi-rs/canvas');
  const task = pdfjs.getDocument({
    data: new Uint8Array(await readFile(path)),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(4, (size * 2) / Math.max(base.width, base.height)) });
    const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await task.destroy();
  }
}

/** Writes a JPEG thumbnail to `target`; answers false when the type has none or it cannot be made. */
export async function makeThumbnail(path: string, extension: string, target: string, settings: StorageSettings): Promise<boolean> {
  if (!THUMBNAIL_EXTENSIONS.includes(extension)) return false;
  try {
    const input = extension === 'pdf' ? await pdfFirstPage(path, settings.thumbQuality) : path;
    await sharp(input, { failOn: 'error' })
      .rotate()
      .resize({ width: settings.thumbQuality, height: settings.thumbQuality, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toFile(target);
    return true;
  } catch {
    return false;
  }
}

/**
 * The image and PDF work of an upload, run ONLY inside the media worker pool (media-work.ts), never
 * on the event loop: scaling photos above maxImageSize, JPEG thumbnails of images and of PDF first
 * pages. sharp reads at most MAX_IMAGE_PIXELS (`limitInputPixels`); pdfjs-dist (which compiles no
 * code from PDFs) leaves out images above MAX_PDF_IMAGE_PIXELS and draws on an @napi-rs/canvas no
 * bigger than twice the thumbnail. A PDF that is merely expensive (nested forms drawing each other
 * thousands of times) is stopped by the pool's time and memory limits. A file sharp or pdfjs cannot
 * read simply gets no thumbnail.
 *
 * This module must stay loadable by a bare worker thread: it imports only packages and relative
 * files with erasable types (no `@docket/shared`).
 */
import { readFile, rename } from 'node:fs/promises';
import sharp from 'sharp';
import { createCanvas } from '@napi-rs/canvas';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { taskStarted, type TaskEnvelope } from '../workers/worker-pool.ts';
import { MAX_IMAGE_PIXELS, MAX_PDF_IMAGE_PIXELS } from './media-limits.ts';

// Each task is one file: libvips needs no cache and no more than one thread per task here.
sharp.cache(false);
sharp.concurrency(1);

export interface PrepareTask {
  path: string;
  /** Scale the image in place when larger than maxSize (jpg, png, webp). */
  scale: { maxSize: number; quality: number; format: 'jpeg' | 'png' | 'webp' } | null;
  /** Write a JPEG thumbnail of `size` pixels to `target`, from an image or a PDF's first page. */
  thumbnail: { target: string; size: number; source: 'image' | 'pdf' } | null;
}

export interface PrepareResult {
  scaled: boolean;
  thumbnail: boolean;
}

const readImage = (input: string | Buffer) => sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });

async function scaleDown(path: string, scale: NonNullable<PrepareTask['scale']>): Promise<boolean> {
  const image = readImage(path);
  const { width = 0, height = 0 } = await image.metadata();
  if (Math.max(width, height) <= scale.maxSize) return false;
  let pipeline = image.rotate().resize({ width: scale.maxSize, height: scale.maxSize, fit: 'inside', withoutEnlargement: true });
  pipeline =
    scale.format === 'png'
      ? pipeline.png({ compressionLevel: 9 })
      : scale.format === 'webp'
        ? pipeline.webp({ quality: scale.quality })
        : pipeline.jpeg({ quality: scale.quality, mozjpeg: true });
  const scaled = `${path}.scaled`;
  await pipeline.toFile(scaled);
  await rename(scaled, path);
  return true;
}

async function pdfFirstPage(path: string, size: number): Promise<Buffer> {
  const task = pdfjs.getDocument({
    data: new Uint8Array(await readFile(path)),
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    maxImageSize: MAX_PDF_IMAGE_PIXELS,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const longest = Math.max(base.width, base.height);
    const scale = Number.isFinite(longest) && longest > 0 ? Math.min(4, (size * 2) / longest) : 1;
    const viewport = page.getViewport({ scale });
    const side = (value: number) => Math.min(size * 2, Math.max(1, Math.ceil(Number.isFinite(value) ? value : 1)));
    const canvas = createCanvas(side(viewport.width), side(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await task.destroy();
  }
}

async function thumbnail(path: string, thumb: NonNullable<PrepareTask['thumbnail']>): Promise<boolean> {
  try {
    const input = thumb.source === 'pdf' ? await pdfFirstPage(path, thumb.size) : path;
    await readImage(input)
      .rotate()
      .resize({ width: thumb.size, height: thumb.size, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toFile(thumb.target);
    return true;
  } catch {
    return false;
  }
}

/** The pool's task: scale, then thumbnail (from the scaled image: less to decode). */
export async function prepare(task: TaskEnvelope & PrepareTask): Promise<PrepareResult> {
  taskStarted(task);
  const scaled = task.scale ? await scaleDown(task.path, task.scale).catch(() => false) : false;
  const made = task.thumbnail ? await thumbnail(task.path, task.thumbnail) : false;
  return { scaled, thumbnail: made };
}

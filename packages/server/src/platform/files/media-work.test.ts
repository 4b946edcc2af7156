/**
 * The media worker's own limits, without HTTP (docs/product/security.md): hostile PDFs and image
 * bombs made in code end as a limit or a file without thumbnail, never as a long stall or gigabytes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flateBombPdf, hugeImagePdf, nestedFormsPdf, pngBomb } from '../../test-support/hostile-files.ts';
import { WorkLimitError } from '../workers/worker-pool.ts';
import { MediaWork } from './media-work.ts';

const dir = mkdtempSync(join(tmpdir(), 'docket-media-'));
const media = new MediaWork({ timeLimitMs: 4000, threads: 1 });
// The memory limit must be what stops the inflating PDF, however slowly a loaded machine inflates it.
const patientMedia = new MediaWork({ timeLimitMs: 120_000, threads: 1 });
afterAll(async () => {
  await media.close();
  await patientMedia.close();
  rmSync(dir, { recursive: true, force: true });
});

function saved(name: string, data: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}
const thumbnailOf = (path: string, source: 'image' | 'pdf') =>
  media.prepare({ path, scale: null, thumbnail: { target: `${path}.thumb`, size: 128, source } });
const limitOf = (error: unknown) => (error instanceof WorkLimitError ? error.limit : error);

describe('media work on hostile files', () => {
  it('stops a PDF whose content stream inflates without end at the memory limit', async () => {
    const path = saved('inflating.pdf', await flateBombPdf());
    const work = patientMedia.prepare({ path, scale: null, thumbnail: { target: `${path}.thumb`, size: 128, source: 'pdf' } });
    expect(await work.catch(limitOf)).toBe('memory');
  }, 150_000);

  it('stops a PDF of forms drawing forms at the time limit', async () => {
    const started = Date.now();
    expect(await thumbnailOf(saved('laughs.pdf', nestedFormsPdf()), 'pdf').catch(limitOf)).toBe('time');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('draws a PDF without its giant image, and reads no image beyond the pixel limit', async () => {
    expect(await thumbnailOf(saved('huge-image.pdf', hugeImagePdf()), 'pdf')).toEqual({ scaled: false, thumbnail: true });
    const bomb = saved('bomb.png', pngBomb());
    expect(
      await media.prepare({
        path: bomb,
        scale: { maxSize: 1920, quality: 80, format: 'png' },
        thumbnail: { target: `${bomb}.thumb`, size: 128, source: 'image' },
      }),
    ).toEqual({
      scaled: false,
      thumbnail: false,
    });
  }, 60_000);
});

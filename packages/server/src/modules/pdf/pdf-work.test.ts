/**
 * Document PDFs drawn in worker threads (docs/architecture.md#heavy-work-off-the-event-loop): the
 * same bytes as drawing in process, the event loop free meanwhile, and a full queue refused at once.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import type { HttpError } from '../../http/http-error.ts';
import { renderPdf, type PdfLayout } from './pdf-render-task.ts';
import { PDF_BUSY, PDF_PER_ORGANISATION, PDF_QUEUE, PdfWork } from './pdf-work.ts';

const layoutOf = (text: string): PdfLayout => ({
  title: 'INC-7 Long',
  madeAt: '2026-03-01T09:00:00.000Z',
  blocks: [{ text: 'Long', size: 16, isBold: true }, { gap: 12 }, { text }],
});

/** Paragraphs of words, about `bytes` long: a description of that size. */
const words = (bytes: number) =>
  Array.from({ length: Math.ceil(bytes / 3100) }, () => 'slip wet floor near the press. '.repeat(100)).join('\n');

describe('document PDFs in worker threads', () => {
  const work = new PdfWork(1);
  afterAll(() => work.close());

  it('draws the same bytes as in process, while the event loop stays free', async () => {
    const layout = layoutOf(words(100_000));
    await work.render(layoutOf('warm-up'), 1); // the thread's start and pdf-lib's load
    const before = performance.eventLoopUtilization();
    const bytes = await work.render(layout, 1);
    const busy = performance.eventLoopUtilization(before).utilization;
    // Drawn on the event loop, it would have been busy nearly all along (utilization ≈ 1).
    expect(busy).toBeLessThan(0.5);
    expect(Buffer.from(bytes).equals(Buffer.from(await renderPdf(layout)))).toBe(true);
  });

  it('refuses PDFs beyond the queue at once, with 429', async () => {
    const layout = layoutOf('short');
    // Spread over organisations, each within its share: only the queue refuses.
    const answers = await Promise.allSettled(Array.from({ length: PDF_QUEUE + 3 }, (_, index) => work.render(layout, 100 + (index % 4))));
    const refused = answers.filter((answer) => answer.status === 'rejected').map((answer) => answer.reason as HttpError);
    expect(refused).toHaveLength(2);
    for (const error of refused) expect([error.status, error.message]).toEqual([429, PDF_BUSY]);
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(PDF_QUEUE + 1);
  });

  it("refuses an organisation's PDFs beyond its share while another organisation's are still taken", async () => {
    const layout = layoutOf(words(20_000));
    const busy = Array.from({ length: PDF_PER_ORGANISATION + 2 }, () => work.render(layout, 7));
    const other = work.render(layoutOf('short'), 8);
    const answers = await Promise.allSettled(busy);
    const refused = answers.filter((answer) => answer.status === 'rejected').map((answer) => answer.reason as HttpError);
    expect(refused.map((error) => [error.status, error.message])).toEqual([
      [429, PDF_BUSY],
      [429, PDF_BUSY],
    ]);
    expect((await other).byteLength).toBeGreaterThan(0);
    // Its share comes back once its PDFs are answered.
    expect((await work.render(layout, 7)).byteLength).toBeGreaterThan(0);
  });
});

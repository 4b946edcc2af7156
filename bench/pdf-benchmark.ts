/**
 * A document PDF with a large description against `/api/health` (docs/product/forms-and-lists.md#document-pdf):
 * stores an incident whose description is `--size` MB of words, then, one PDF at a time, times the
 * PDF while another loop of this process GETs `/api/health` every 10 ms; prints the PDF's median and
 * worst time and health's median and worst latency during the PDFs, next to health alone (the same
 * run's baseline); then `--concurrent` PDFs at once the same way. Against a running server
 * (`--base`), or its own on a fresh data directory (`npm start`, the demo seeded).
 *
 *   npx tsx bench/pdf-benchmark.ts [--base http://127.0.0.1:8080] [--port 8197] [--size 1] [--runs 5] [--concurrent 4]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { api, PASSWORD, startServer, stopServer } from './demo-server.ts';
import { signIn } from './list-benchmark.ts';
import { median, ms, timed, worst } from './timing.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    port: { type: 'string', default: '8197' },
    size: { type: 'string', default: '1' },
    runs: { type: 'string', default: '5' },
    concurrent: { type: 'string', default: '4' },
  },
});

/** Health latencies (ms) sampled every 10 ms while `work` runs. */
async function healthDuring<T>(base: string, work: () => Promise<T>): Promise<{ result: T; health: number[] }> {
  const health: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const [, took] = await timed(async () => (await fetch(`${base}/api/health`)).arrayBuffer());
      health.push(took);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await work(), health };
  } finally {
    running = false;
    await probe;
  }
}

/** Words in sentences and paragraphs, about `bytes` long. */
function description(bytes: number): string {
  const words = ['slip', 'wet', 'floor', 'near', 'the', 'press', 'operator', 'reported', 'guard', 'missing', 'forklift', 'aisle'];
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const word = words[(i * 7) % words.length]!;
    const separator = i % 97 === 96 ? '.\n\n' : i % 13 === 12 ? '. ' : ' ';
    parts.push(word + separator);
    length += word.length + separator.length;
  }
  return parts.join('');
}

async function fetchPdf(base: string, token: string, id: number): Promise<number> {
  const response = await fetch(`${base}/v3/demo/incident/${id}/pdf`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`pdf: ${response.status} ${await response.text()}`);
  return (await response.arrayBuffer()).byteLength;
}

async function main() {
  const ownDir = values.base ? undefined : mkdtempSync(join(tmpdir(), 'docket-pdf-bench-'));
  const base = values.base ?? `http://127.0.0.1:${values.port}`;
  const server = ownDir ? await startServer(Number(values.port), ownDir) : undefined;
  try {
    const token = await signIn(base, 'admin@demo.local', PASSWORD);
    const [sample] = (await api<{ dataAr: Record<string, unknown>[] }>(base, token, '/v3/demo/incident?count=1')).dataAr;
    const created = await api<{ id: number }>(base, token, '/v3/demo/incident', {
      method: 'POST',
      body: {
        summary: 'PDF benchmark',
        descrip: description(Number(values.size) * 1024 * 1024),
        incident_date: '2026-03-01T09:00:00.000Z',
        category: 'Injury',
        site_id: sample?.site_id,
        region_id: sample?.region_id,
      },
    });
    const pdfBytes = await fetchPdf(base, token, created.id); // warm-up: pdf-lib loaded, a thread started
    const alone = await healthDuring(base, () => new Promise((resolve) => setTimeout(resolve, 2000)));
    const pdfTimes: number[] = [];
    const during: number[] = [];
    for (let run = 0; run < Number(values.runs); run++) {
      const { result, health } = await healthDuring(base, () => timed(() => fetchPdf(base, token, created.id)));
      pdfTimes.push(result[1]);
      during.push(...health);
    }
    const concurrent = Number(values.concurrent);
    const many = await healthDuring(base, () =>
      timed(() => Promise.all(Array.from({ length: concurrent }, () => fetchPdf(base, token, created.id)))),
    );
    const rows = [
      [`PDF, ${values.size} MB description (${(pdfBytes / 1024).toFixed(0)} KB PDF)`, ms(median(pdfTimes)), ms(worst(pdfTimes))],
      [`/api/health alone (${alone.health.length} answers)`, ms(median(alone.health)), ms(worst(alone.health))],
      [`/api/health during the PDFs (${during.length} answers)`, ms(median(during)), ms(worst(during))],
      [`${concurrent} PDFs at once (all answered)`, ms(many.result[1]), ''],
      [`/api/health during them (${many.health.length} answers)`, ms(median(many.health)), ms(worst(many.health))],
    ];
    console.log(['measure', 'median', 'worst'].join(' | '));
    for (const row of rows) console.log(row.join(' | '));
  } finally {
    if (server) stopServer(server);
    if (ownDir) rmSync(ownDir, { recursive: true, force: true });
  }
}

await main();

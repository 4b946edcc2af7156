/**
 * Another client, really separate: a worker thread that GETs a URL every `intervalMs` and
 * records each answer's latency. Measured from its own event loop, a server stall shows in full
 * (a probe on the server's own event loop would stall with it and miss the stall). A client that
 * waits for each answer sends fewer requests while the server stalls, so an answer that took L ms
 * also records the requests it kept from being sent, L − interval, L − 2·interval, … (the usual
 * correction for coordinated omission): one 60 s stall weighs as the 6,000 requests it delayed.
 */
import { Worker } from 'node:worker_threads';

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const samples = [];
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  await (await fetch(workerData.url)).arrayBuffer(); // warm-up: the client's own first-use costs
  parentPort.postMessage('ready');
  while (running) {
    const started = performance.now();
    const answer = await fetch(workerData.url);
    await answer.arrayBuffer();
    const latency = performance.now() - started;
    samples.push(latency);
    for (let missed = latency - workerData.intervalMs; missed > 0; missed -= workerData.intervalMs) samples.push(missed);
    await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
  }
  parentPort.postMessage(samples);
})();
`;

export interface LatencyProbe {
  /** Stops probing and answers the latencies in milliseconds, in order. */
  stop(): Promise<number[]>;
}

/** Starts probing; resolves once the probe has made its first (unrecorded) request. */
export async function startLatencyProbe(url: string, intervalMs: number): Promise<LatencyProbe> {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, intervalMs } });
  const answers: unknown[] = [];
  let settle: (() => void) | undefined;
  worker.on('message', (message: unknown) => {
    answers.push(message);
    settle?.();
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      if (answers.length > 0) return resolve(answers.shift());
      settle = () => ((settle = undefined), resolve(answers.shift()));
      worker.once('error', reject);
    });
  await next(); // 'ready'
  const samples = next() as Promise<number[]>;
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await samples;
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** The value below which `share` (0.99: p99) of the samples fall. */
export function percentile(samples: readonly number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
}

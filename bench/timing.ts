/**
 * Timing and the statistics the benchmarks print: a piece of work's wall-clock time, the median
 * and worst of several runs, and milliseconds as printed.
 */

/** The result of `work` and the milliseconds it took. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/** The middle value (the upper one of an even count); NaN when there is none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export const worst = (values: number[]) => Math.max(...values);

/** The median milliseconds of `runs` runs of `work`, one after another. */
export async function medianOf(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push((await timed(work))[1]);
  return median(times);
}

/** Milliseconds as printed: whole, with their unit. */
export const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Performance marks for the UI benchmark (bench/ui-render-benchmark.ts): `docket:{name}:data`
 * when a screen's data arrives, `docket:{name}:painted` on the first frame after React committed
 * it. Marks are cheap and harmless in production; the benchmark reads the gap between them.
 */
import { useEffect } from 'react';

export function markDataArrived(name: string): void {
  performance.mark(`docket:${name}:data`);
}

/** Marks the frame after `version` (e.g. a query's dataUpdatedAt) changed and was committed. */
export function usePaintedMark(name: string, version: unknown, isReady: boolean): void {
  useEffect(() => {
    if (!isReady) return;
    const frame = requestAnimationFrame(() => performance.mark(`docket:${name}:painted`));
    return () => cancelAnimationFrame(frame);
  }, [name, version, isReady]);
}

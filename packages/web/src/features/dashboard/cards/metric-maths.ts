/**
 * What a card shows about a figure (docs/product/reporting.md#kpi-maths, #cards): the change
 * against the previous period, signed and toned by the metric's target type, hidden when it is 0
 * to 3 decimals; whether a target is missed; whether a change deviates beyond the metric's limit.
 * Rounding and the checks themselves are the shared reporting library's.
 */
import { DEFAULT_DEVIATION, TARGET_TYPE, decimalsOfFormat, isTargetMissed, roundHalfUp } from '@docket/shared';
import type { ReportMetric } from '../../reporting-api/index.ts';

/** Changes are shown to 3 decimals (docs/product/reporting.md#limits). */
export const CHANGE_DECIMALS = 3;

export type DeltaTone = 'good' | 'bad' | 'neutral';

export interface Delta {
  value: number;
  /** '+1.5' or '-0.25', at the metric's decimals (at most 3). */
  text: string;
  tone: DeltaTone;
}

/** The change from `previous` to `current`; undefined when either is unknown or the change rounds to 0 at 3 decimals. */
export function deltaOf(
  current: number | null,
  previous: number | null,
  metric: Pick<ReportMetric, 'format' | 'targets'>,
  locale = 'en',
): Delta | undefined {
  if (current === null || previous === null) return undefined;
  const change = roundHalfUp(current - previous, CHANGE_DECIMALS);
  if (change === 0) return undefined;
  const decimals = Math.min(CHANGE_DECIMALS, Math.max(decimalsOfFormat(metric.format), significantDecimals(change)));
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(Math.abs(change));
  const type = metric.targets?.type;
  let tone: DeltaTone = 'neutral';
  // Upper targets: a rise is bad. Lower targets: a fall is bad.
  if (type === TARGET_TYPE.upper) tone = change > 0 ? 'bad' : 'good';
  else if (type === TARGET_TYPE.lower) tone = change < 0 ? 'bad' : 'good';
  return { value: change, text: `${change > 0 ? '+' : '-'}${number}`, tone };
}

/** Decimals needed to show a change that is smaller than the metric's own format can show (0.004 at format 0). */
function significantDecimals(value: number): number {
  for (let decimals = 0; decimals < CHANGE_DECIMALS; decimals += 1) if (roundHalfUp(value, decimals) !== 0) return decimals;
  return CHANGE_DECIMALS;
}

/** The target a value misses, if it does (upper: above it; lower: below it). */
export function missedTarget(value: number | null, target: number | null, metric: Pick<ReportMetric, 'targets'>): number | undefined {
  if (value === null || target === null) return undefined;
  return isTargetMissed(value, target, metric.targets?.type) ? target : undefined;
}

export interface Deviation {
  /** '25%' */
  change: string;
  /** '10' */
  limit: string;
}

/** A change beyond the metric's allowed deviation from the previous ITM (none without a previous value or from 0). */
export function deviationOf(
  current: number | null,
  previous: number | null,
  metric: Pick<ReportMetric, 'deviation'>,
): Deviation | undefined {
  const deviation = metric.deviation;
  if (!deviation || (deviation.type !== 'itm' && deviation.type !== 'roll12')) return undefined;
  if (current === null || previous === null || previous === 0) return undefined;
  const allowed = typeof deviation.value === 'number' ? deviation.value : DEFAULT_DEVIATION;
  const change = Math.abs(current - previous);
  if (change <= Math.abs(previous) * allowed) return undefined;
  return { change: `${roundHalfUp((change / Math.abs(previous)) * 100, 1)}%`, limit: String(roundHalfUp(allowed * 100, 1)) };
}

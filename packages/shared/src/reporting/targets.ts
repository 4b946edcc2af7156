/**
 * Target and deviation checks on a manual value as it is entered (docs/product/reporting.md,
 * "Report data"). A missed target or a deviation above the limit is a warning; it refuses the
 * value only when the check's `reason_required` is set and no reason was given.
 */
import { formatMetricValue, roundHalfUp } from './format.ts';

/** targets.type: 0 none, 1 upper (higher is bad), 2 lower (lower is bad), 3 range, -1 neutral. */
export const TARGET_TYPE = { none: 0, upper: 1, lower: 2, range: 3, neutral: -1 } as const;

export interface MetricTargets {
  value?: number | null;
  type?: number | null;
  reason_required?: boolean | null;
}

export interface MetricDeviation {
  /** What the value is compared with: none, the previous ITM, or the ROLL12 figure. */
  type?: 'none' | 'itm' | 'roll12' | null;
  /** The allowed change as a fraction of the previous value, 0 to 1 (default 0.1). */
  value?: number | null;
  reason_required?: boolean | null;
}

export interface CheckedMetric {
  name: string;
  format?: number | null;
  targets?: MetricTargets | null;
  deviation?: MetricDeviation | null;
  target_miss_text?: string | null;
}

export interface ManualValueInput {
  metric: CheckedMetric;
  value: number | null;
  /** The comparison value for the deviation check, chosen by `deviation.type` by the caller. */
  previous?: number | null;
  /** The item's own target, which wins over the metric's. */
  target?: number | null;
  reason?: string | null;
}

export interface ValueCheckProblem {
  metric: string;
  check: 'target' | 'deviation';
  /** The spec's message. */
  message: string;
  /** The metric's own text for a missed target, when it has one. */
  hint?: string;
  reasonRequired: boolean;
  /** The label of the reason field: 'Reason required' or 'Additional Info'. */
  reasonLabel: 'Reason required' | 'Additional Info';
}

export const DEFAULT_DEVIATION = 0.1;

export function targetMessage(target: number | string): string {
  return `Target for this metric has not been met (Target is ${target})`;
}

export function deviationMessage(change: number | string, percent: number | string): string {
  return `Deviation of ${change} is higher than ${percent}%`;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** True when `value` misses `target` for the target type (range and neutral targets never miss). */
export function isTargetMissed(value: number, target: number, type: number | null | undefined): boolean {
  if (type === TARGET_TYPE.upper) return value > target;
  if (type === TARGET_TYPE.lower) return value < target;
  return false;
}

function problem(metric: string, check: ValueCheckProblem['check'], message: string, reasonRequired: boolean): ValueCheckProblem {
  return { metric, check, message, reasonRequired, reasonLabel: reasonRequired ? 'Reason required' : 'Additional Info' };
}

/** Every warning a manual value raises (empty when it meets its target and does not deviate). */
export function checkManualValue(input: ManualValueInput): ValueCheckProblem[] {
  const { metric, value } = input;
  if (!isNumber(value)) return [];
  const problems: ValueCheckProblem[] = [];
  const target = isNumber(input.target) ? input.target : metric.targets?.value;
  if (isNumber(target) && isTargetMissed(value, target, metric.targets?.type)) {
    const shown = formatMetricValue(target, metric.format) ?? target;
    const found = problem(metric.name, 'target', targetMessage(shown), metric.targets?.reason_required === true);
    const hint = metric.target_miss_text?.trim();
    if (hint) found.hint = hint;
    problems.push(found);
  }
  const deviation = metric.deviation;
  const previous = input.previous;
  // A change from nothing (no previous value, or 0) has no percentage to compare with.
  if (deviation && (deviation.type === 'itm' || deviation.type === 'roll12') && isNumber(previous) && previous !== 0) {
    const allowed = isNumber(deviation.value) ? deviation.value : DEFAULT_DEVIATION;
    const change = Math.abs(value - previous);
    if (change > Math.abs(previous) * allowed) {
      const changePercent = `${roundHalfUp((change / Math.abs(previous)) * 100, 1)}%`;
      problems.push(
        problem(
          metric.name,
          'deviation',
          deviationMessage(changePercent, roundHalfUp(allowed * 100, 1)),
          deviation.reason_required === true,
        ),
      );
    }
  }
  return problems;
}

function hasReason(reason: string | null | undefined): boolean {
  return typeof reason === 'string' && reason.trim() !== '';
}

/** The first problem that refuses the value: a reason is required and none was given. */
export function manualValueRefusal(input: ManualValueInput): ValueCheckProblem | undefined {
  if (hasReason(input.reason)) return undefined;
  return checkManualValue(input).find((found) => found.reasonRequired);
}

/** The 400's description for a refusal: names the metric and gives the spec's message. */
export function describeRefusal(refusal: ValueCheckProblem): string {
  return `${refusal.metric}: ${refusal.message}. Reason required`;
}

/**
 * Which of a form's problems the user sees (docs/product/forms-and-lists.md#validation): a new
 * form does not open all red. A field's problems show once the field is touched (left after
 * focusing it, or changed) or once Save was pressed; until then the header offers Save, and Save
 * reveals them all.
 *
 * A problem belongs to the top-level field its path starts with, so an observation card's
 * problems show once anything in that card was touched.
 */
import { useCallback, useMemo, useState, type FocusEvent } from 'react';
import type { FormProblem } from './use-form-problems.ts';

export interface ShownProblems {
  /** The problems to draw and count now. */
  shown: FormProblem[];
  /** Every problem is shown (Save was pressed). */
  isSubmitted: boolean;
  reveal: () => void;
  /** Marks the fields whose value differs between two versions of the data. */
  touchChanged: (before: Record<string, unknown>, after: Record<string, unknown>) => void;
  /** The form element's onBlur: marks the field the focus left. */
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  reset: () => void;
}

const NONE: FormProblem[] = [];

export const topField = (path: string): string => path.split('.')[0] ?? '';

/**
 * The top-level field a control's DOM id names. Controls take their id from the UI schema scope
 * (`#/properties/site_id` drawn as `--properties-site_id`, a repeated one with a counter) or
 * `field-{path}`; the longest field name that the id continues with wins.
 */
export function fieldOfControlId(id: string, fields: readonly string[]): string | undefined {
  const rest = id.startsWith('--properties-')
    ? id.slice('--properties-'.length)
    : id.startsWith('field-')
      ? id.slice('field-'.length)
      : null;
  if (rest === null) return undefined;
  let best: string | undefined;
  for (const field of fields) {
    const safe = field.replace(/[^A-Za-z0-9_-]/g, '-');
    if (!rest.startsWith(safe)) continue;
    const next = rest.charAt(safe.length);
    if ((next === '' || next === '-' || /\d/.test(next)) && (!best || safe.length > best.length)) best = field;
  }
  return best;
}

function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

export function useShownProblems(problems: FormProblem[], fields: readonly string[]): ShownProblems {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [isSubmitted, setIsSubmitted] = useState(false);
  const touch = useCallback((names: string[]) => {
    if (names.length === 0) return;
    setTouched((current) => (names.every((n) => current.has(n)) ? current : new Set([...current, ...names])));
  }, []);
  const touchChanged = useCallback(
    (before: Record<string, unknown>, after: Record<string, unknown>) =>
      touch([...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => differs(before[key], after[key]))),
    [touch],
  );
  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      for (let node: HTMLElement | null = event.target; node && node !== event.currentTarget; node = node.parentElement) {
        const field = node.id ? fieldOfControlId(node.id, fields) : undefined;
        if (field) return touch([field]);
      }
    },
    [fields, touch],
  );
  const shown = useMemo(() => {
    if (isSubmitted || problems.length === 0) return problems;
    const visible = problems.filter((problem) => touched.has(topField(problem.path)));
    return visible.length > 0 ? visible : NONE;
  }, [problems, touched, isSubmitted]);
  const reveal = useCallback(() => setIsSubmitted(true), []);
  const reset = useCallback(() => {
    setTouched(new Set());
    setIsSubmitted(false);
  }, []);
  return { shown, isSubmitted, reveal, touchChanged, onBlur, reset };
}

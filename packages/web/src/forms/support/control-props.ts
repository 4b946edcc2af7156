/**
 * Small helpers every control renderer shares: the form mode from JSON Forms' config, the HTML id
 * of a control, and JSON Forms' error string turned into a helper text.
 */
import type { FormMode } from '../form-services.ts';

export interface FormConfig {
  mode?: FormMode;
}

export function modeOf(config: unknown): FormMode {
  const mode = (config as FormConfig | undefined)?.mode;
  return mode === 'filter' || mode === 'read' ? mode : 'edit';
}

/** JSON Forms joins a control's errors with newlines; show the first, the dialog lists them all. */
export function firstError(errors: string | undefined): string {
  return errors ? (errors.split('\n')[0] ?? '') : '';
}

/**
 * The error a control shows: a field may name what it expects in its own words (`x-message`, e.g. a
 * time zone or a colour), which then stands for any of its errors; else the first error.
 */
export function fieldError(errors: string | undefined, schema: unknown): string {
  const error = firstError(errors);
  const own = (schema as { 'x-message'?: unknown } | undefined)?.['x-message'];
  return error && typeof own === 'string' ? own : error;
}

/** A DOM id that stays valid for any data path (`observations.0.descrip`). */
export function domId(id: string | undefined, path: string): string {
  return (id ?? `field-${path}`).replace(/[^A-Za-z0-9_-]/g, '-');
}

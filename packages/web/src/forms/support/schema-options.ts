/** The choices a schema offers: `enum` values, or `oneOf`/`anyOf` of `{const, title}` pairs. */
import type { JsonSchema } from '@docket/shared';

export interface Choice {
  value: string | number | boolean;
  label: string;
}

export function choicesOf(schema: JsonSchema | undefined, translate: (text: string) => string): Choice[] {
  if (!schema) return [];
  if (Array.isArray(schema.enum)) {
    return schema.enum
      .filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v))
      .map((value) => ({ value, label: translate(String(value)) }));
  }
  const options = schema.oneOf ?? schema.anyOf ?? [];
  return options
    .filter((option) => option.const !== undefined)
    .map((option) => ({ value: option.const as string | number | boolean, label: translate(option.title ?? String(option.const)) }));
}

export function hasChoices(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (Array.isArray(schema.enum)) return true;
  const options = schema.oneOf ?? schema.anyOf;
  return Array.isArray(options) && options.length > 0 && options.every((option) => option.const !== undefined);
}

/** Where a select's options come from (`x-lookup`), on the field or on its list's items. */
export function lookupOf(schema: JsonSchema | undefined): Record<string, unknown> | undefined {
  const own = schema?.['x-lookup'];
  if (own && typeof own === 'object') return own as Record<string, unknown>;
  const item = schema?.type === 'array' ? schema.items?.['x-lookup'] : undefined;
  return item && typeof item === 'object' ? (item as Record<string, unknown>) : undefined;
}

/** `{value, label}` stored by returnObject selects and by every lookup in filter mode. */
export interface ReturnObject {
  value: string | number;
  valueMask?: string;
  label: string;
}

export function isReturnObject(value: unknown): value is ReturnObject {
  return !!value && typeof value === 'object' && 'value' in value;
}

export function plainValue(value: unknown): unknown {
  return isReturnObject(value) ? value.value : value;
}

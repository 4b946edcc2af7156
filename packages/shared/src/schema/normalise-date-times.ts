/**
 * Date-times are stored as UTC ISO text (`2026-01-31T12:30:00.000Z`) whatever offset a client sent
 * (`2026-01-31T23:30:00+11:00`): filters, month buckets and sorting compare the stored text with
 * UTC bounds, which orders instants correctly only when every value has that one shape
 * (docs/filter-language.md, docs/product/reporting.md#kpi-maths).
 */
import { normaliseDateTime } from '../filter/dates.ts';
import type { JsonSchema } from './json-schema.ts';

/** `value` with every `format: date-time` string under `schema` rewritten to UTC (others kept as sent). */
export function normaliseDateTimes(schema: JsonSchema | undefined, value: unknown): unknown {
  if (!schema) return value;
  if (typeof value === 'string') return schema.format === 'date-time' ? (normaliseDateTime(value) ?? value) : value;
  if (Array.isArray(value)) return schema.items ? value.map((item) => normaliseDateTimes(schema.items, item)) : value;
  if (value && typeof value === 'object' && schema.properties) {
    const result: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [key, property] of Object.entries(schema.properties)) {
      if (key in result) result[key] = normaliseDateTimes(property, result[key]);
    }
    return result;
  }
  return value;
}

/**
 * Differences between two stored versions of a type schema, as JSON Pointer paths with the
 * values before and after (keys in sorted order, arrays compared by position). Pure: the versions routes and tests use it.
 */
import type { SchemaChange } from '@docket/shared';

const MAX_CHANGES = 1000;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function walk(before: unknown, after: unknown, path: string, changes: SchemaChange[]): void {
  if (changes.length >= MAX_CHANGES) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    // Sorted: PostgreSQL's jsonb does not keep key order, the answer must not depend on it.
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      walk(before[key], after[key], `${path}/${escapePointer(key)}`, changes);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) walk(before[i], after[i], `${path}/${i}`, changes);
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const change: SchemaChange = { path: path || '/' };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  changes.push(change);
}

export function diffSchemas(before: unknown, after: unknown): SchemaChange[] {
  const changes: SchemaChange[] = [];
  walk(before, after, '', changes);
  return changes;
}

/** Top-level properties whose value differs (the summary a versions list shows). */
export function changedProperties(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after[key])).sort();
}

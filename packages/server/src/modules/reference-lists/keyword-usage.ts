/**
 * Which keyword lists a type's fields use (`x-lookup: { keyword: key }`, docs/product/forms-and-lists.md#field-values),
 * found anywhere in its form schema: nested objects, array items and conditional parts. Pure.
 */
import type { DocumentSchema, JsonSchema } from '@docket/shared';

const NESTED_ONE = ['items', 'if', 'then', 'else', 'not', 'additionalProperties'] as const;
const NESTED_MANY = ['allOf', 'anyOf', 'oneOf'] as const;

function collect(schema: unknown, keys: Set<string>, depth: number): void {
  if (depth > 32 || typeof schema !== 'object' || schema === null) return;
  const node = schema as JsonSchema;
  const lookup = node['x-lookup'];
  if (lookup && typeof lookup === 'object' && 'keyword' in lookup && typeof lookup.keyword === 'string') keys.add(lookup.keyword);
  for (const child of Object.values(node.properties ?? {})) collect(child, keys, depth + 1);
  for (const name of NESTED_ONE) collect(node[name], keys, depth + 1);
  for (const name of NESTED_MANY) for (const child of (node[name] as unknown[] | undefined) ?? []) collect(child, keys, depth + 1);
}

export function keywordKeysOf(type: DocumentSchema): Set<string> {
  const keys = new Set<string>();
  collect(type.form?.schema, keys, 0);
  return keys;
}

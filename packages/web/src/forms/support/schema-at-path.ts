/** Finds the sub-schema that describes a dotted data path (`observations.0.descrip`). */
import type { JsonSchema } from '@docket/shared';

export function schemaAtPath(root: JsonSchema, path: string): JsonSchema | undefined {
  if (!path) return root;
  let current: JsonSchema | undefined = root;
  for (const segment of path.split('.')) {
    if (!current) return undefined;
    if (/^\d+$/.test(segment) && current.items) current = current.items;
    else current = current.properties && Object.hasOwn(current.properties, segment) ? current.properties[segment] : undefined;
  }
  return current;
}

/** The human label of a path: the schema's title, else the last segment as written. */
export function labelAtPath(root: JsonSchema, path: string): string {
  const title = schemaAtPath(root, path)?.title;
  if (typeof title === 'string' && title) return title;
  const segments = path.split('.').filter((s) => !/^\d+$/.test(s));
  return segments.at(-1) ?? path;
}

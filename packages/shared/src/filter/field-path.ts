/**
 * Which field names are acceptable. Checked by the tokenizer, again by the checker (ASTs built in
 * code never went through the tokenizer) and by the SQL compiler. docs/product/security.md#lesson-2, #lesson-16: a
 * path segment is a plain identifier, never an alias prefix, quote, `$` or prototype key.
 */
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Object keys that reach the prototype chain when used as property names. */
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

export const MAX_PATH_SEGMENTS = 8;

export function isForbiddenSegment(segment: string): boolean {
  return FORBIDDEN_SEGMENTS.has(segment.toLowerCase());
}

export function isValidFieldPath(path: string): boolean {
  const segments = path.split('.');
  return segments.length <= MAX_PATH_SEGMENTS && segments.every((s) => SEGMENT.test(s) && !isForbiddenSegment(s));
}

/** Split a path already known to be valid. */
export function fieldSegments(path: string): string[] {
  return path.split('.');
}

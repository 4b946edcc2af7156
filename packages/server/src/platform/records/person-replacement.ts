/** Identity merge inside document data (docs/product/identities-and-sign-in.md#merge). */

/**
 * `source` for `target` in a value: every string equal to `source`, at any depth; a list that
 * then names `target` twice names it once (people fields are unique lists).
 */
export function withPersonReplaced(value: unknown, source: string, target: string): unknown {
  if (value === source) return target;
  if (Array.isArray(value)) {
    const replaced = value.map((item) => withPersonReplaced(item, source, target));
    return value.includes(source) ? replaced.filter((item, index) => item !== target || replaced.indexOf(target) === index) : replaced;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPersonReplaced(item, source, target)]));
  }
  return value;
}

/**
 * What a typed value becomes (docs/product/forms-and-lists.md#field-values): number fields store a parsed float when the text is
 * numeric (an integer field keeps whole numbers), empty text stores undefined, so an emptied
 * field disappears from the document instead of holding ''.
 */
export function parseNumberInput(text: string, isInteger: boolean): number | undefined | string {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return text;
  const value = Number.parseFloat(trimmed);
  if (!Number.isFinite(value)) return text;
  return isInteger && !Number.isInteger(value) ? text : value;
}

export function textOrUndefined(text: string): string | undefined {
  return text === '' ? undefined : text;
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Dotted data path of a JSON Forms path (`observations.0.descrip` is already dotted). */
export function parentPathOf(path: string): string {
  const index = path.lastIndexOf('.');
  return index < 0 ? '' : path.slice(0, index);
}

/** Reads a dotted path from data (own properties only). */
export function readPath(data: unknown, path: string): unknown {
  if (!path) return data;
  let current: unknown = data;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

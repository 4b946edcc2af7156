/**
 * French and Spanish have a third plural form, 'many', for round millions (1 000 000): i18next asks
 * for `key_many` there, and without it falls back to the English `key_other` ("1000000 Documents"
 * in a French list). Our translations write `_one` and `_other` only (fr.ts and es.ts have the
 * shape of en.ts, which has no 'many'), so each `_other` also serves as `_many` when registered.
 */
type Tree = { readonly [key: string]: string | Tree };

/** The same resources with `key_many` = `key_other` wherever a `key_other` has no `key_many`. */
export function withManyForms<T extends Tree>(resources: T): T {
  const copy: Record<string, string | Tree> = {};
  for (const [key, value] of Object.entries(resources)) {
    copy[key] = typeof value === 'string' ? value : withManyForms(value);
    const many = key.endsWith('_other') ? `${key.slice(0, -'_other'.length)}_many` : undefined;
    if (many && typeof value === 'string' && !Object.hasOwn(resources, many)) copy[many] = value;
  }
  return copy as T;
}

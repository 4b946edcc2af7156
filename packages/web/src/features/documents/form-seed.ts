/**
 * What a new document starts from besides its defaults: `parent` from Add child / Add Action
 * (`docs/action/0?edit&parent=12&summary=…`), and any text field of the form named in the query.
 */
import type { DocumentSchema } from '@docket/shared';

export function seedFromQuery(type: DocumentSchema, params: URLSearchParams): Record<string, unknown> {
  const seed: Record<string, unknown> = {};
  const parent = Number(params.get('parent'));
  if (Number.isSafeInteger(parent) && parent > 0) seed.parent_id = parent;
  for (const [name, property] of Object.entries(type.form?.schema.properties ?? {})) {
    const value = params.get(name);
    if (value !== null && property.type === 'string' && !property.format) seed[name] = value;
  }
  return seed;
}

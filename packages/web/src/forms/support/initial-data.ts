/**
 * A new document's starting data: the schema's own defaults (applied by the shared validator's
 * Ajv, as the server would on create), then the type's default-value tokens (date, date-time
 * plus N days, user: docs/product/documents-and-schemas.md#default-values), then every risk matrix set to its first options.
 */
import {
  applyFormDefaults,
  compileDocumentValidator,
  type DocumentSchema,
  type JsonSchema,
  type Resource,
  type UiSchemaElement,
} from '@docket/shared';
import { computeRisk, riskMatrixFromResource } from './risk-matrix-model.ts';

function riskControls(element: UiSchemaElement | undefined, found: { field: string; resource: string }[] = []) {
  if (!element) return found;
  const options = element.options ?? {};
  const field = element.scope?.match(/^#\/properties\/([^/]+)$/)?.[1];
  if (field && options.renderer === 'riskMatrix' && typeof options.resource === 'string') found.push({ field, resource: options.resource });
  for (const child of element.elements ?? []) riskControls(child, found);
  return found;
}

/**
 * A stored record's nulls where its schema expects a value (`region_id: null`, `manager: null`)
 * mean "empty": they are dropped so the form shows an empty field rather than a type error.
 */
export function withoutNulls(data: Record<string, unknown>, schema: JsonSchema | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const property = schema?.properties?.[key];
    const allowsNull = property?.type === 'null' || (Array.isArray(property?.type) && property.type.includes('null'));
    if (value === null && property && !allowsNull) continue;
    result[key] =
      value && typeof value === 'object' && !Array.isArray(value) && property?.properties
        ? withoutNulls(value as Record<string, unknown>, property)
        : value;
  }
  return result;
}

export function findResource(resources: readonly Resource[] | undefined, title: string): Resource | undefined {
  return resources?.find((resource) => resource.title === title);
}

export function newDocumentData(
  type: DocumentSchema,
  seed: Record<string, unknown>,
  who: { userId: string; timeZone?: string },
  now = new Date(),
): Record<string, unknown> {
  const schema = type.form?.schema;
  let data: Record<string, unknown> = structuredClone(seed);
  if (schema) compileDocumentValidator(schema)(data); // fills schema defaults in place (Ajv useDefaults)
  data = applyFormDefaults(type.form?.defaults, data, { userId: who.userId, now, ...(who.timeZone ? { timeZone: who.timeZone } : {}) });
  for (const { field, resource } of riskControls(type.form?.uiSchema)) {
    const matrix = riskMatrixFromResource(findResource(type.resources, resource)?.data);
    if (matrix && data[field] === undefined) data[field] = computeRisk(matrix, undefined);
  }
  return data;
}

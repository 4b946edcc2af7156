/**
 * The report data form's rules (docs/product/reporting.md#report-data): the scope choices Group 1,
 * Region 2, Site 3, Sites 0 and Manual (User) 9, and what each shows — tally hidden for scope 9;
 * the site for sites and scope 9; the sites list for scope 0; project, client and exactly one user
 * for scope 9; the region for a region item. Built on the report_data type's own JSON Schema, so
 * fields the type does not have are simply left out.
 */
import type { JsonSchema, UiSchemaElement } from '@docket/shared';
import { SCOPE } from './item-rules.ts';

export const SCOPE_CHOICES = [
  { const: SCOPE.group, title: 'Group' },
  { const: SCOPE.region, title: 'Region' },
  { const: SCOPE.site, title: 'Site' },
  { const: SCOPE.sites, title: 'Sites' },
  { const: SCOPE.manual, title: 'Manual (User)' },
] as const;

type Rule = NonNullable<UiSchemaElement['rule']>;

const whenScope = (effect: 'SHOW' | 'HIDE', scopes: readonly number[]): Rule => ({
  effect,
  condition: { scope: '#/properties/scope', schema: { enum: [...scopes] } },
});

/** Which field each scope needs, so that its label can be built (a region item names its region). */
const REQUIRED_BY_SCOPE: readonly [number, string][] = [
  [SCOPE.region, 'region_id'],
  [SCOPE.site, 'site_id'],
  [SCOPE.sites, 'site_ids'],
  [SCOPE.manual, 'actionee_ids'],
];

/** The fields of the form in order, each with the scopes that show it (none: always). */
const FIELDS: readonly { field: string; rule?: Rule }[] = [
  { field: 'scope' },
  { field: 'report_date' },
  { field: 'from_date', rule: whenScope('SHOW', [SCOPE.group]) },
  { field: 'to_date', rule: whenScope('SHOW', [SCOPE.group]) },
  // An administrator closes the period on its master item; once closed nothing of it changes.
  { field: 'closed', rule: whenScope('SHOW', [SCOPE.group]) },
  { field: 'tally', rule: whenScope('HIDE', [SCOPE.manual]) },
  { field: 'region_id', rule: whenScope('SHOW', [SCOPE.region]) },
  { field: 'site_id', rule: whenScope('SHOW', [SCOPE.site, SCOPE.manual]) },
  { field: 'site_ids', rule: whenScope('SHOW', [SCOPE.sites]) },
  { field: 'client_id', rule: whenScope('SHOW', [SCOPE.manual]) },
  { field: 'project_id', rule: whenScope('SHOW', [SCOPE.manual]) },
  { field: 'actionee_ids', rule: whenScope('SHOW', [SCOPE.manual]) },
  { field: 'notes' },
];

export interface ReportDataForm {
  schema: JsonSchema;
  uiSchema: UiSchemaElement;
}

export function reportDataForm(typeSchema: JsonSchema): ReportDataForm {
  const properties = { ...(typeSchema.properties ?? {}) };
  if (properties.scope) properties.scope = { ...properties.scope, type: 'integer', oneOf: SCOPE_CHOICES.map((choice) => ({ ...choice })) };
  // The user list holds exactly one person (min 1, max 1) on a manual item.
  if (properties.actionee_ids) properties.actionee_ids = { ...properties.actionee_ids, maxItems: 1 };
  const conditions = REQUIRED_BY_SCOPE.filter(([, field]) => properties[field]).map(([scope, field]) => ({
    if: { properties: { scope: { const: scope } }, required: ['scope'] },
    then:
      field === 'actionee_ids' || field === 'site_ids'
        ? { required: [field], properties: { [field]: { minItems: 1 } } }
        : { required: [field] },
  }));
  const schema: JsonSchema = {
    ...typeSchema,
    properties,
    ...(conditions.length > 0 ? { allOf: [...(typeSchema.allOf ?? []), ...conditions] } : {}),
  };
  const elements: UiSchemaElement[] = FIELDS.filter(({ field }) => properties[field]).map(({ field, rule }) => ({
    type: 'Control',
    scope: `#/properties/${field}`,
    ...(rule ? { rule } : {}),
    ...(field === 'notes' ? { options: { multi: true } } : {}),
  }));
  return { schema, uiSchema: { type: 'VerticalLayout', elements } };
}

/** Whether the metric entry group shows: only for an item that is not a tally. */
export function showsMetricEntry(data: { tally?: unknown; scope?: unknown }): boolean {
  return data.tally !== true || data.scope === SCOPE.manual;
}

/**
 * The common properties of a schema (type, description, category, module, id mask, events,
 * workflow, roles, child types) as a form beside the JSON: the same schema, edited either way.
 */
import { useMemo } from 'react';
import { schemaDocumentType, type DocumentSchema, type JsonSchema } from '@docket/shared';
import { DocumentForm } from '../../forms/document-form.tsx';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import type { Viewer } from '../../lists/filter-dialog.tsx';

const COMMON = [
  'type',
  'description',
  'category',
  'module',
  'idMask',
  'hasEvents',
  'hasWorkflow',
  'requiredRoles',
  'requiredRolesForCreate',
  'childTypes',
] as const;

const properties = schemaDocumentType.form!.schema.properties!;
const commonSchema: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(COMMON.map((name) => [name, properties[name]!])),
  required: ['type'],
};
const row = (...names: string[]) => ({
  type: 'HorizontalLayout',
  elements: names.map((name) => ({ type: 'Control', scope: `#/properties/${name}` })),
});
const commonUi = {
  type: 'VerticalLayout',
  elements: [
    row('type', 'idMask'),
    { type: 'Control', scope: '#/properties/description', options: { multi: true } },
    row('category', 'module'),
    row('hasEvents', 'hasWorkflow'),
    row('requiredRoles', 'requiredRolesForCreate'),
    { type: 'Control', scope: '#/properties/childTypes' },
  ],
};

export function SchemaCommonForm({
  definition,
  onChange,
  viewer,
}: {
  definition: DocumentSchema;
  onChange: (next: DocumentSchema) => void;
  viewer: Viewer;
}) {
  const data = useMemo(
    () => Object.fromEntries(COMMON.filter((name) => definition[name] !== undefined).map((name) => [name, definition[name]])),
    [definition],
  );
  // The labels are the schema type's own texts, in the user's language like any type's.
  const translate = useMemo(() => schemaTranslator(schemaDocumentType, viewer.lang), [viewer.lang]);
  return (
    <DocumentForm
      schema={commonSchema}
      uischema={commonUi}
      data={data}
      mode="edit"
      onChange={(next) => {
        const merged: Record<string, unknown> = { ...definition };
        for (const name of COMMON) {
          if (next[name] === undefined) delete merged[name];
          else merged[name] = next[name];
        }
        onChange(merged as unknown as DocumentSchema);
      }}
      appId={viewer.appId}
      userId={viewer.userId}
      lang={viewer.lang}
      translate={translate}
    />
  );
}

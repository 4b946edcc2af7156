/**
 * What is wrong with an edited schema: JSON syntax, then the `$$schema` type's own shape, then
 * the checks JSON Schema cannot express (shared `schemaDefinitionProblems` and
 * `serverControlledPropertyProblems`, the server's checks on save).
 */
import {
  compileDocumentValidator,
  schemaDefinitionProblems,
  schemaReferenceProblems,
  schemaDocumentType,
  serverControlledPropertyProblems,
  type DocumentSchema,
  type ValidationProblem,
} from '@docket/shared';

export interface ParsedSchema {
  definition: DocumentSchema | null;
  problems: ValidationProblem[];
}

export function parseSchemaText(text: string, invalidJson: (message: string) => string): ParsedSchema {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      definition: null,
      problems: [{ path: '', keyword: 'json', message: invalidJson(error instanceof Error ? error.message : String(error)) }],
    };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { definition: null, problems: [{ path: '', keyword: 'type', message: invalidJson('not an object') }] };
  const definition = { ...(value as Record<string, unknown>), version: 3 } as DocumentSchema;
  const shape = compileDocumentValidator(schemaDocumentType.form!.schema)(
    structuredClone(definition) as unknown as Record<string, unknown>,
  );
  if (!shape.valid) return { definition, problems: shape.problems };
  return {
    definition,
    problems: [
      ...schemaDefinitionProblems(definition),
      ...serverControlledPropertyProblems(definition),
      ...schemaReferenceProblems(definition),
    ],
  };
}

/** A new schema's starting point: a small but complete type. */
export function newSchemaTemplate(): DocumentSchema {
  return {
    version: 3,
    type: 'new_type',
    idMask: 'NEW-{seq:4}',
    description: '',
    category: 'General',
    hasEvents: true,
    hasWorkflow: false,
    form: {
      title: 'New type',
      summaryProperties: ['summary'],
      schema: {
        type: 'object',
        properties: { summary: { type: 'string', title: 'Title', minLength: 1 }, descrip: { type: 'string', title: 'Description' } },
        required: ['summary'],
      },
      uiSchema: {
        type: 'VerticalLayout',
        elements: [
          { type: 'Control', scope: '#/properties/summary' },
          { type: 'Control', scope: '#/properties/descrip', options: { multi: true } },
        ],
      },
    },
    filter: { schema: { type: 'object', properties: { summary: { type: 'string', title: 'Title' } } } },
    view: {
      title: 'New types',
      modes: ['table', 'card'],
      table: {
        schema: [
          { id: 'display_id', type: 'id', label: 'ID', sort: true },
          { id: 'summary', label: 'Title', sort: true },
          { id: 'created_date', type: 'timestamp', label: 'Created', sort: true },
        ],
      },
    },
    export: {
      schema: [
        { id: 'display_id', label: 'ID' },
        { id: 'summary', label: 'Title' },
      ],
    },
  };
}

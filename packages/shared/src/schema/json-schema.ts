/** The subset of JSON Schema (draft-07 / 2019-09) that type schemas use. Open for extensions. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null' | JsonSchemaTypeName[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
  /** Custom messages per keyword / per required property (ajv-errors style). */
  errorMessage?: string | Record<string, unknown>;
  /** Added for the built-in types: where a select field's options come from (see LookupSource). */
  'x-lookup'?: LookupSource;
  [key: `x-${string}`]: unknown;
  [key: string]: unknown;
}

export type JsonSchemaTypeName = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/**
 * Where the options of a select-like field come from (added for the built-in types):
 * - `doc_type`: documents of that type (value = document id, label = summary), optionally
 *   narrowed by `filterBy` (lookup field -> form field, e.g. zones of the chosen site);
 * - `identity`: organisation identities (value = uuid);
 * - `keyword`: the options of the keyword list with that key (type `keyword_list`).
 */
export type LookupSource = { doc_type: string; filterBy?: Record<string, string> } | { identity: true } | { keyword: string };

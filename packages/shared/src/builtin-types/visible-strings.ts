/**
 * Every text of a document type that a user reads, in English, as the type's own `i18n.data`
 * dictionary is keyed (docs/product/administration.md#localisation): type and category names,
 * form and list titles, field labels and help texts, option labels, layout group and tab labels,
 * column headers, validation messages, statuses and workflow texts, and risk matrix labels.
 *
 * The web app looks each of these up by its English text; a string missing from the dictionary
 * is shown in English. The built-in types' translation test walks this list.
 */
import type { DocumentSchema, UiSchemaElement } from '../schema/document-schema.ts';
import type { JsonSchema } from '../schema/json-schema.ts';

type Sink = (text: unknown) => void;

/** Collects strings that carry words (not '#', '€' or '' — those read the same in every language). */
function sinkInto(found: Set<string>): Sink {
  return (text) => {
    if (typeof text === 'string' && /\p{L}{2}/u.test(text)) found.add(text);
  };
}

function collectMessages(message: unknown, add: Sink): void {
  if (typeof message === 'string') add(message);
  else if (message && typeof message === 'object') for (const value of Object.values(message)) collectMessages(value, add);
}

function collectSchema(schema: JsonSchema | undefined, add: Sink): void {
  if (!schema || typeof schema !== 'object') return;
  add(schema.title);
  add(schema.description);
  collectMessages(schema.errorMessage, add);
  for (const value of schema.enum ?? []) if (typeof value === 'string') add(value);
  for (const child of Object.values(schema.properties ?? {})) collectSchema(child, add);
  const nested = [schema.items, schema.if, schema.then, schema.else, ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  for (const child of [...nested, ...(schema.allOf ?? [])]) collectSchema(child, add);
}

function collectUi(ui: UiSchemaElement | undefined, add: Sink): void {
  if (!ui) return;
  add(ui.label);
  add(ui['text']);
  const options = ui.options ?? {};
  for (const key of ['help', 'placeholder', 'description', 'addLabel', 'emptyText']) add(options[key]);
  collectUi(options['detail'] as UiSchemaElement | undefined, add);
  for (const child of ui.elements ?? []) collectUi(child, add);
}

/** Risk matrix resources in either shape (`risk_metrics`/`risk_criticalities` or `categories`/`criticalities`). */
function collectResource(data: unknown, add: Sink): void {
  if (Array.isArray(data)) {
    for (const item of data) collectResource(item, add);
    return;
  }
  if (!data || typeof data !== 'object') return;
  for (const [key, value] of Object.entries(data)) {
    if (['title', 'label', 'action', 'descrip'].includes(key)) add(value);
    else collectResource(value, add);
  }
}

export function visibleStringsOf(type: DocumentSchema): Set<string> {
  const found = new Set<string>();
  const add = sinkInto(found);
  add(type.category);
  add(type.description);
  add(type.form?.title);
  add(type.view?.title);
  for (const schema of [type.form?.schema, type.filter?.schema, type.review?.schema]) collectSchema(schema, add);
  for (const ui of [type.form?.uiSchema, type.filter?.uiSchema, type.review?.uiSchema]) collectUi(ui, add);
  for (const column of [...(type.view?.table.schema ?? []), ...(type.export?.schema ?? [])]) add(column.label);
  const workflow = type.workflow;
  add(workflow?.status_final);
  for (const block of workflow?.blocks ?? []) {
    add(block.status);
    add(block.descrip);
    for (const condition of [...(block.conditions ?? []), ...(block.conditionsSoft ?? [])]) {
      add(condition.message);
      add(condition.descrip);
    }
    for (const step of block.steps ?? []) {
      add(step.label);
      add(step.title);
      add(step.descrip);
    }
  }
  add(type.legacyWorkflow?.status_final);
  for (const step of type.legacyWorkflow?.steps ?? []) add(step.descrip);
  for (const resource of type.resources ?? []) {
    add(resource.title);
    collectResource(resource.data, add);
  }
  return found;
}

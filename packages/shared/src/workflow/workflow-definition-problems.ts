/**
 * Checks of a type's workflow definitions that its JSON Schema (schema/workflow-definition-schema.ts)
 * cannot express, run with the other stored-schema checks (`schemaDefinitionProblems`): required
 * fields, due-date fields and step properties must be the type's own, and every condition must be
 * a filter-language expression on the type's fields (the engine would otherwise treat a broken
 * condition as holding, or block every submit with it). Each problem names its place, e.g.
 * `workflow.blocks.0.conditions.1.condition`. Written defensively: stored schemas are checked
 * again when loaded, without the shape check.
 */
import { checkFilter } from '../filter/checker.ts';
import { isDateType, lookupField, type FieldCatalog } from '../filter/field-catalog.ts';
import { FilterError } from '../filter/filter-error.ts';
import { parseFilter } from '../filter/parser.ts';
import type { DocumentSchema } from '../schema/document-schema.ts';
import { promotedFieldCatalog } from '../schema/field-catalog-of.ts';
import type { ValidationProblem } from '../validation/document-validator.ts';
import { conditionCatalog } from './compile-workflow.ts';

type Problems = ValidationProblem[];

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function checkCondition(text: unknown, path: string, catalog: FieldCatalog, problems: Problems): void {
  if (typeof text !== 'string' || text.trim() === '') return;
  try {
    checkFilter(parseFilter(text), catalog);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    problems.push({ path, message: `Invalid workflow condition '${text}': ${error.message}`, keyword: 'condition' });
  }
}

function checkRequirements(list: unknown, path: string, catalog: FieldCatalog, problems: Problems): void {
  asArray(list).forEach((requirement, i) => checkCondition(asObject(requirement).condition, `${path}.${i}.condition`, catalog, problems));
}

interface TypeFields {
  /** Top-level names a document of the type has: its form properties and the promoted fields. */
  names: ReadonlySet<string>;
  catalog: FieldCatalog;
}

function checkProperty(value: unknown, path: string, fields: TypeFields, problems: Problems): void {
  if (typeof value === 'string' && !fields.names.has(value)) {
    problems.push({ path, message: `Step property ${value} is not a field of the form schema`, keyword: 'property' });
  }
}

function checkBlock(block: Record<string, unknown>, path: string, fields: TypeFields, problems: Problems): void {
  for (const field of asArray(block.required)) {
    if (typeof field === 'string' && !fields.names.has(field)) {
      problems.push({ path: `${path}.required`, message: `Cannot require ${field}: not a field of the form schema`, keyword: 'required' });
    }
  }
  if (typeof block.due_date === 'string') {
    const info = lookupField(fields.catalog, block.due_date);
    if (!info || !isDateType(info.type)) {
      problems.push({
        path: `${path}.due_date`,
        message: `The due date must be a date field of the form schema: ${block.due_date}`,
        keyword: 'due_date',
      });
    }
  }
  if (block.separateFromSubmitter !== undefined && block.type !== 'approve') {
    problems.push({
      path: `${path}.separateFromSubmitter`,
      message: 'separateFromSubmitter applies to approve blocks only',
      keyword: 'separateFromSubmitter',
    });
  }
  checkRequirements(block.conditions, `${path}.conditions`, fields.catalog, problems);
  checkRequirements(block.conditionsSoft, `${path}.conditionsSoft`, fields.catalog, problems);
  asArray(block.steps).forEach((value, i) => {
    const step = asObject(value);
    checkRequirements(step.conditions, `${path}.steps.${i}.conditions`, fields.catalog, problems);
    checkProperty(step.property, `${path}.steps.${i}.property`, fields, problems);
  });
}

/** Every problem of the type's `workflow` and `legacyWorkflow` (an empty list when it has neither). */
export function workflowDefinitionProblems(def: DocumentSchema): ValidationProblem[] {
  if (def.workflow === undefined && def.legacyWorkflow === undefined) return [];
  const problems: Problems = [];
  const fields: TypeFields = {
    names: new Set([...Object.keys(promotedFieldCatalog), ...Object.keys(def.form?.schema.properties ?? {})]),
    catalog: conditionCatalog(def),
  };
  asArray(asObject(def.workflow).blocks).forEach((block, i) => checkBlock(asObject(block), `workflow.blocks.${i}`, fields, problems));
  asArray(asObject(def.legacyWorkflow).steps).forEach((value, i) => {
    const step = asObject(value);
    checkCondition(step.condition, `legacyWorkflow.steps.${i}.condition`, fields.catalog, problems);
    checkProperty(step.property, `legacyWorkflow.steps.${i}.property`, fields, problems);
  });
  return problems;
}

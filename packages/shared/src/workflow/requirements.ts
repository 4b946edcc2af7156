/**
 * Conditions and required fields of a stage (docs/product/workflow-and-timeline.md#workflow-definitions): required fields and hard conditions
 * block a submit or approve with their messages; soft conditions only warn. Conditions are
 * filter-language expressions on the document (plus `open_children`), checked against the type's
 * catalog and evaluated in memory — never code (docs/product/security.md#lesson-5).
 */
import { checkFilter } from '../filter/checker.ts';
import { evaluateFilter } from '../filter/evaluator.ts';
import { parseFilter } from '../filter/parser.ts';
import type { CompiledWorkflow, DocumentFacts, Problem, Stage } from './workflow-model.ts';

export type ConditionResult = { holds: boolean } | { error: string };

export function evaluateCondition(
  workflow: CompiledWorkflow,
  condition: string,
  facts: DocumentFacts,
  userId: string,
  now: Date,
): ConditionResult {
  try {
    const tree = checkFilter(parseFilter(condition), workflow.catalog);
    return { holds: evaluateFilter(tree, { ...facts.doc, open_children: facts.openChildren }, { userId, now }) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** A broken applicability condition counts as holding: never skip an approval by accident. */
export function conditionApplies(workflow: CompiledWorkflow, condition: string, facts: DocumentFacts, userId: string, now: Date): boolean {
  const result = evaluateCondition(workflow, condition, facts, userId, now);
  return 'error' in result ? true : result.holds;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Required fields and hard conditions not met, in the schema's words. */
export function blockingProblems(workflow: CompiledWorkflow, stage: Stage, facts: DocumentFacts, userId: string, now: Date): Problem[] {
  const problems: Problem[] = [];
  for (const field of stage.required) {
    if (isMissing(facts.doc[field])) {
      problems.push({ path: field, message: workflow.requiredMessages[field] ?? `must have required property '${field}'` });
    }
  }
  for (const requirement of stage.conditions) {
    const result = evaluateCondition(workflow, requirement.condition, facts, userId, now);
    if ('error' in result) problems.push({ path: '', message: `Invalid workflow condition '${requirement.condition}': ${result.error}` });
    else if (!result.holds)
      problems.push({ path: '', message: requirement.message || requirement.descrip || `Condition not met: ${requirement.condition}` });
  }
  return problems;
}

export function softWarnings(workflow: CompiledWorkflow, stage: Stage, facts: DocumentFacts, userId: string, now: Date): string[] {
  const warnings: string[] = [];
  for (const requirement of stage.conditionsSoft) {
    const result = evaluateCondition(workflow, requirement.condition, facts, userId, now);
    if (!('error' in result) && !result.holds)
      warnings.push(requirement.message || requirement.descrip || `Condition not met: ${requirement.condition}`);
  }
  return warnings;
}

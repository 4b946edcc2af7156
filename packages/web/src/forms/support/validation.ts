/**
 * Turns the shared validator's problems (the very code the server runs on every write) into what
 * the form shows: one problem per thing the user must fix, in the user's language, with the
 * field's label, plus the Ajv-shaped errors JSON Forms draws under each control.
 *
 * Ajv reports one idea several times: a failed `if/then` gives an `if` error, and an "one of these
 * fields" rule (`anyOf: [{required:[a]}, {required:[b]}]`) gives a `required` error per branch
 * plus the `anyOf`. Counting those would make 'N Error(s)' lie, so they are folded into one
 * problem carrying the schema's own `errorMessage` when it has one.
 */
import type { ErrorObject } from 'ajv';
import { REQUIRED_MESSAGE, REQUIRED_PREFIXES, type JsonSchema, type ValidationProblem } from '@docket/shared';
import { labelAtPath, schemaAtPath } from './schema-at-path.ts';

export interface FormProblem {
  path: string;
  label: string;
  message: string;
  keyword: string;
}

const COMBINATORS = new Set(['anyOf', 'oneOf']);

interface Alternatives {
  fields: Set<string>;
  message?: string;
}

/** Nodes whose `anyOf`/`oneOf` may have produced a combinator error at this schema. */
function candidateNodes(schema: JsonSchema): JsonSchema[] {
  const nodes: JsonSchema[] = [schema];
  for (const part of schema.allOf ?? []) nodes.push(part, ...(part.then ? [part.then] : []), ...(part.else ? [part.else] : []));
  if (schema.then) nodes.push(schema.then);
  if (schema.else) nodes.push(schema.else);
  return nodes;
}

function alternativesAt(schema: JsonSchema | undefined): Alternatives {
  const fields = new Set<string>();
  let message: string | undefined;
  for (const node of schema ? candidateNodes(schema) : []) {
    const branches = node.anyOf ?? node.oneOf;
    if (!branches) continue;
    for (const branch of branches) for (const name of branch.required ?? []) fields.add(name);
    if (typeof node.errorMessage === 'string') message = node.errorMessage;
  }
  return { fields, message };
}

export interface LocaliseOptions {
  lang: string;
  translate: (text: string) => string;
  /** The English required message with the label, e.g. "must have required property 'Title'". */
  requiredText: (label: string) => string;
  /** Any other problem in the user's language (validation-messages.ts); undefined keeps Ajv's text. */
  keywordText?: (problem: ValidationProblem) => string | undefined;
}

function localise(problem: ValidationProblem, label: string, options: LocaliseOptions): string {
  if (problem.keyword === 'required') {
    if (problem.message !== REQUIRED_MESSAGE) return options.translate(problem.message); // the schema's own message
    const prefix = REQUIRED_PREFIXES[options.lang];
    return prefix ? `${prefix}${label}` : options.requiredText(label);
  }
  if (problem.isSchemaMessage) return options.translate(problem.message);
  return options.keywordText?.(problem) ?? options.translate(problem.message);
}

/** The problems the user has to fix, folded and localised. */
export function formProblems(raw: readonly ValidationProblem[], schema: JsonSchema, options: LocaliseOptions): FormProblem[] {
  const dropped = new Set<ValidationProblem>();
  const messages = new Map<ValidationProblem, string>();
  for (const problem of raw) {
    if (problem.keyword === 'if') dropped.add(problem);
    if (!COMBINATORS.has(problem.keyword)) continue;
    const alternatives = alternativesAt(schemaAtPath(schema, problem.path));
    const prefix = problem.path ? `${problem.path}.` : '';
    for (const other of raw) {
      if (other === problem) continue;
      const isBranchRequired =
        other.keyword === 'required' && alternatives.fields.has(other.path.slice(prefix.length)) && other.path.startsWith(prefix);
      const isBranchMismatch = other.path === problem.path && ['const', 'enum', 'type'].includes(other.keyword);
      if (isBranchRequired || isBranchMismatch) dropped.add(other);
    }
    if (alternatives.message) messages.set(problem, alternatives.message);
  }
  const seen = new Set<string>();
  const problems: FormProblem[] = [];
  for (const problem of raw) {
    if (dropped.has(problem)) continue;
    const label = options.translate(labelAtPath(schema, problem.path));
    const custom = messages.get(problem);
    const message = custom ? options.translate(custom) : localise(problem, label, options);
    const key = `${problem.path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path: problem.path, label, message, keyword: problem.keyword });
  }
  return problems;
}

/** The errors JSON Forms draws under controls (combinator problems belong to items, not controls). */
export function controlErrors(problems: readonly FormProblem[]): ErrorObject[] {
  return problems
    .filter((problem) => !COMBINATORS.has(problem.keyword))
    .map((problem) => {
      const segments = problem.path ? problem.path.split('.') : [];
      if (problem.keyword === 'required') {
        const missing = segments.pop() ?? '';
        return {
          instancePath: segments.length ? `/${segments.join('/')}` : '',
          schemaPath: '',
          keyword: 'required',
          params: { missingProperty: missing },
          message: problem.message,
        };
      }
      return {
        instancePath: segments.length ? `/${segments.join('/')}` : '',
        schemaPath: '',
        keyword: problem.keyword,
        params: {},
        message: problem.message,
      };
    }) as unknown as ErrorObject[];
}

/** Problems keyed by path, for renderers that draw whole items (array cards, survey items). */
export function problemsByPath(problems: readonly FormProblem[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const problem of problems) {
    if (!COMBINATORS.has(problem.keyword) && problem.keyword !== 'errorMessage') continue;
    map.set(problem.path, [...(map.get(problem.path) ?? []), problem.message]);
  }
  return map;
}

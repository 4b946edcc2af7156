/**
 * Validates document data against a type's JSON Schema with Ajv. The server runs it on every
 * write and the web forms run the very same code, so both sides show the same messages.
 * A missing required property uses the schema's own message when it has one
 * (`errorMessage.required.<field>`), else 'must have required property' (docs/product/documents-and-schemas.md#validation).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/json-schema.ts';

export const REQUIRED_MESSAGE = 'must have required property';

export interface ValidationProblem {
  /** Dotted path of the field, e.g. `observations.0.descrip`. Empty for the whole document. */
  path: string;
  message: string;
  keyword: string;
  /**
   * Ajv's parameters of the failed keyword (`{ limit: 5, comparison: '<=' }`), so a client can say
   * the same thing in the user's language (docs/product/documents-and-schemas.md#validation).
   * Absent for a missing required property: its message names the field.
   */
  params?: Record<string, unknown>;
  /** The message is the schema's own (`errorMessage` beside the rule): shown as written, translated by the type's dictionary. */
  isSchemaMessage?: true;
}

export interface ValidationOutcome {
  valid: boolean;
  problems: ValidationProblem[];
}

export type DocumentValidator = (data: Record<string, unknown>) => ValidationOutcome;

function createAjv(): Ajv {
  // strict:false because type schemas carry UI hints (errorMessage, x-…) that Ajv must ignore; it
  // would also let Infinity (`1e400` in a body's JSON) pass as a number, stored as null: strictNumbers refuses it.
  const ajv = new Ajv({ allErrors: true, strict: false, strictNumbers: true, useDefaults: true, verbose: true });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

let sharedAjv: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction>();

/** Compiles (once per schema object) a validator. Throws with Ajv's message for an invalid schema. */
export function compileDocumentValidator(schema: JsonSchema): DocumentValidator {
  sharedAjv ??= createAjv();
  let validate = cache.get(schema);
  if (!validate) {
    validate = sharedAjv.compile(schema);
    cache.set(schema, validate);
  }
  const compiled = validate;
  return (data) => {
    const valid = compiled(data) as boolean;
    return { valid, problems: valid ? [] : collapseChoices((compiled.errors ?? []).map(toProblem)) };
  };
}

export const NOT_A_CHOICE = 'must be one of the listed values';

/**
 * A field whose choices are a `oneOf` of constants (a select) fails each choice and then the
 * `oneOf` itself: "must be equal to constant" once per option, then "must match exactly one
 * schema in oneOf". Said once instead, in the user's words.
 */
function collapseChoices(problems: ValidationProblem[]): ValidationProblem[] {
  const choicePaths = new Set(problems.filter((p) => p.keyword === 'const').map((p) => p.path));
  const collapsed = new Set(problems.filter((p) => p.keyword === 'oneOf' && choicePaths.has(p.path)).map((p) => p.path));
  return problems.flatMap((problem) => {
    if (!collapsed.has(problem.path)) return [problem];
    if (problem.keyword === 'const') return [];
    return problem.keyword === 'oneOf' && !problem.isSchemaMessage ? [{ ...problem, message: NOT_A_CHOICE }] : [problem];
  });
}

/** Checks that a schema compiles; answers Ajv's message, or null when it is a valid JSON Schema. */
export function schemaProblem(schema: unknown): string | null {
  try {
    createAjv().compile(schema as object);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function toProblem(error: ErrorObject): ValidationProblem {
  const base = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: string }).missingProperty);
    const path = base ? `${base}.${missing}` : missing;
    const custom = customRequiredMessage(error.parentSchema as JsonSchema | undefined, missing);
    return { path, message: custom ?? REQUIRED_MESSAGE, keyword: 'required' };
  }
  // A field's own message for any other rule (`errorMessage: '…'` beside the rule, e.g. a const).
  const own = (error.parentSchema as JsonSchema | undefined)?.errorMessage;
  const problem: ValidationProblem = {
    path: base,
    message: error.message ?? 'is invalid',
    keyword: error.keyword,
    params: { ...error.params },
  };
  return typeof own === 'string' && error.keyword !== 'if' ? { ...problem, message: own, isSchemaMessage: true } : problem;
}

function customRequiredMessage(schema: JsonSchema | undefined, field: string): string | undefined {
  const messages = schema?.errorMessage;
  if (!messages || typeof messages !== 'object') return undefined;
  const required = (messages as { required?: unknown }).required;
  if (typeof required === 'string') return required;
  if (required && typeof required === 'object') {
    const message = (required as Record<string, unknown>)[field];
    return typeof message === 'string' ? message : undefined;
  }
  return undefined;
}

/** One line for an error answer: `summary: must have required property; priority: must be <= 5`. */
export function describeProblems(problems: readonly ValidationProblem[]): string {
  // An `if` problem only says a `then` branch failed; the branch's own problem says how.
  const telling = problems.some((p) => p.keyword !== 'if') ? problems.filter((p) => p.keyword !== 'if') : problems;
  return telling.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
}

/**
 * The shared validator's messages in the user's language (docs/product/forms-and-lists.md#validation).
 * The validator reports Ajv's English text with its keyword and parameters; the form says the same
 * through i18next's `validation.<keyword>` strings, filled with those parameters. A keyword we do
 * not know still reads 'is not valid' in the user's language: Ajv's English never reaches a form.
 */
import type { ValidationProblem } from '@docket/shared';

/** i18next's `t`, loosely typed: keys here are built from the keyword. */
export type Lookup = (key: string, values?: Record<string, unknown>) => string;

const COUNTED = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties']);
const WITH_PARAMS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'enum',
  'const',
  'uniqueItems',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'not',
  'contains',
  'propertyNames',
  'formatMinimum',
  'formatMaximum',
]);
/** Keywords that say the same thing under another name. */
const SAME_AS: Record<string, string> = {
  dependencies: 'dependentRequired',
  dependentRequired: 'dependentRequired',
  'false schema': 'falseSchema',
  formatExclusiveMinimum: 'formatMinimum',
  formatExclusiveMaximum: 'formatMaximum',
};
const TYPE_NAMES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const FORMAT_NAMES = new Set(['date', 'date-time', 'time', 'email', 'uuid', 'uri']);

/** The problem's message in the user's language ('is not valid' for a keyword with no sentence of its own). */
export function keywordMessage(problem: ValidationProblem, t: Lookup): string {
  const params = problem.params ?? {};
  const { keyword } = problem;
  if (COUNTED.has(keyword)) return t(`validation.${keyword}`, { count: Number(params['limit']) });
  if (WITH_PARAMS.has(keyword)) return t(`validation.${keyword}`, params);
  const alias = SAME_AS[keyword];
  if (alias) return t(`validation.${alias}`, params);
  if (keyword === 'type') {
    // Ajv names a union type 'integer,null': the first type is what the user has to give.
    const type = String(params['type']).split(',')[0] ?? '';
    return TYPE_NAMES.has(type) ? t('validation.type', { type: t(`validation.types.${type}`) }) : t('validation.invalid');
  }
  if (keyword === 'format') {
    const format = String(params['format']);
    return FORMAT_NAMES.has(format)
      ? t('validation.format', { format: t(`validation.formats.${format}`) })
      : t('validation.formatOther', { format });
  }
  return t('validation.invalid');
}

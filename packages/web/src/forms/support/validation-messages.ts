/**
 * The shared validator's messages in the user's language (docs/product/forms-and-lists.md#validation).
 * The validator reports Ajv's English text with its keyword and parameters; the form says the same
 * through i18next's `validation.<keyword>` strings, filled with those parameters. A keyword we do
 * not know keeps Ajv's text rather than show nothing.
 */
import type { ValidationProblem } from '@docket/shared';

/** i18next's `t`, loosely typed: keys here are built from the keyword. */
export type Lookup = (key: string, values?: Record<string, unknown>) => string;

const COUNTED = new Set(['minLength', 'maxLength', 'minItems', 'maxItems']);
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
]);
const TYPE_NAMES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);
const FORMAT_NAMES = new Set(['date', 'date-time', 'time', 'email', 'uuid', 'uri']);

/** The problem's message in the user's language, or undefined when its keyword has no translation. */
export function keywordMessage(problem: ValidationProblem, t: Lookup): string | undefined {
  const params = problem.params ?? {};
  const { keyword } = problem;
  if (COUNTED.has(keyword)) return t(`validation.${keyword}`, { count: Number(params['limit']) });
  if (WITH_PARAMS.has(keyword)) return t(`validation.${keyword}`, params);
  if (keyword === 'type') {
    // Ajv names a union type 'integer,null': the first type is what the user has to give.
    const type = String(params['type']).split(',')[0] ?? '';
    return TYPE_NAMES.has(type) ? t('validation.type', { type: t(`validation.types.${type}`) }) : undefined;
  }
  if (keyword === 'format') {
    const format = String(params['format']);
    return FORMAT_NAMES.has(format)
      ? t('validation.format', { format: t(`validation.formats.${format}`) })
      : t('validation.formatOther', { format });
  }
  return undefined;
}

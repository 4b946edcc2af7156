/**
 * Required-property messages in the user's language (docs/product/documents-and-schemas.md#validation: the French text reads
 * 'Requis: '). The server always answers the schema's own message or the English default; the
 * web app turns the default into the user's language with this helper. A custom message from the
 * schema is left alone (the schema's i18n data translates it).
 */
import { REQUIRED_MESSAGE, type ValidationProblem } from './document-validator.ts';

/** Prefix put before the field's name for a missing required property, per language. */
export const REQUIRED_PREFIXES: Readonly<Record<string, string>> = { fr: 'Requis: ', es: 'Obligatorio: ' };

export function localisedProblemMessage(problem: ValidationProblem, lang: string | undefined): string {
  if (problem.keyword !== 'required' || problem.message !== REQUIRED_MESSAGE) return problem.message;
  const prefix = lang ? REQUIRED_PREFIXES[lang] : undefined;
  if (!prefix) return problem.message;
  const field = problem.path.split('.').pop() ?? '';
  return `${prefix}${field}`;
}

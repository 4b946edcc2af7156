/**
 * Validation of a form's data with the shared validator (the same Ajv code the server runs on
 * every write, docs/product/forms-and-lists.md#validation), folded into the problems the header counts and the 'Error(s)' dialog
 * lists. Filter and read forms are never validated.
 *
 * Validation runs on a deferred copy of the data: the form paints first and the problems follow
 * in a background render, so a large form appears sooner and typing stays responsive (compiling
 * and running Ajv over a 150-field schema costs tens of milliseconds).
 */
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { compileDocumentValidator, type JsonSchema } from '@docket/shared';
import { formProblems, type FormProblem } from './support/validation.ts';
import { keywordMessage, type Lookup } from './support/validation-messages.ts';

const NONE: FormProblem[] = [];

export function useFormProblems(
  schema: JsonSchema | undefined,
  data: Record<string, unknown>,
  isEnabled: boolean,
  translate: (text: string) => string,
): FormProblem[] {
  const { t, i18n } = useTranslation();
  const deferred = useDeferredValue<Record<string, unknown> | null>(data, null);
  const lang = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    if (!schema || !isEnabled || deferred === null) return NONE;
    let validate;
    try {
      validate = compileDocumentValidator(schema); // compiled once per schema object
    } catch {
      return NONE; // an invalid stored schema cannot validate; the schema editor says why
    }
    // A copy: the validator fills in schema defaults, which must not change the form's data behind its back.
    const outcome = validate(structuredClone(deferred));
    const problems = formProblems(outcome.problems, schema, {
      lang,
      translate,
      requiredText: (label) => t('form.required', { field: label }),
      keywordText: (problem) => keywordMessage(problem, t as unknown as Lookup),
    });
    // The same empty array every time: a valid form is not re-rendered for "no new errors".
    return problems.length > 0 ? problems : NONE;
  }, [schema, isEnabled, deferred, lang, translate, t]);
}

export type { FormProblem };

/**
 * Validation of a form's data with the shared validator (the same Ajv code the server runs on
 * every write, spec 000 §5), folded into the problems the header counts and the 'Error(s)' dialog
 * lists. Filter and read forms are never validated.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { compileDocumentValidator, type JsonSchema } from '@docket/shared';
import { formProblems, type FormProblem } from './support/validation.ts';

export function useFormProblems(schema: JsonSchema | undefined, data: Record<string, unknown>, isEnabled: boolean, translate: (text: string) => string): FormProblem[] {
  const { t, i18n } = useTranslation();
  const validator = useMemo(() => {
    if (!schema || !isEnabled) return null;
    try {
      return compileDocumentValidator(schema);
    } catch {
      // An invalid stored schema cannot validate; the schema editor reports why.
      return null;
    }
  }, [schema, isEnabled]);
  const lang = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    if (!validator || !schema) return [];
    // A copy: the validator fills in schema defaults, which must not change the form's data behind its back.
    const outcome = validator(structuredClone(data));
    return formProblems(outcome.problems, schema, { lang, translate, requiredText: (label) => t('form.required', { field: label }) });
  }, [validator, schema, data, lang, translate, t]);
}

export type { FormProblem };

import { describe, expect, it } from 'vitest';
import { ORG_SETTINGS_SECTIONS, type JsonSchema } from '@docket/shared';
import { settingsFormOf } from './settings-forms.ts';

/**
 * Every title a settings form shows: the form's, its fields', their options' and nested ones'.
 * An option titled by its own code (a palette's name, `ytd`) is a name, not words to translate.
 */
function titlesOf(schema: JsonSchema | undefined, into: Set<string>): Set<string> {
  if (!schema) return into;
  if (typeof schema.title === 'string' && schema.title !== String(schema.const)) into.add(schema.title);
  for (const option of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) titlesOf(option, into);
  for (const property of Object.values(schema.properties ?? {})) titlesOf(property, into);
  if (schema.items) titlesOf(schema.items, into);
  return into;
}

// docs/product/administration.md#settings: the settings screens speak every language of the app.
describe('settings forms', () => {
  it.each(ORG_SETTINGS_SECTIONS)('the %s form has every title in French and Spanish', (name) => {
    const form = settingsFormOf(name);
    const titles = titlesOf(form.form?.schema, new Set([String(form.form?.title)]));
    for (const lang of ['fr', 'es']) {
      const dictionary = form.i18n?.data?.[lang] ?? {};
      expect(
        [...titles].filter((title) => !(title in dictionary)),
        lang,
      ).toEqual([]);
    }
  });
});

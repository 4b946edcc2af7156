/**
 * Adds the private area's strings to i18next. Imported by the private layout, so these resources
 * travel in its lazy chunk rather than in the sign-in route's bundle.
 */
import { i18next } from '../index.ts';
import { withManyForms } from '../plural-forms.ts';
import { enApp } from './en.ts';
import { esApp } from './es.ts';
import { frApp } from './fr.ts';

const bundles = { en: enApp, fr: frApp, es: esApp } as const;

for (const [language, resources] of Object.entries(bundles)) {
  i18next.addResourceBundle(language, 'translation', withManyForms(resources), true, false);
}

export const appResourcesRegistered = true;

/**
 * Adds the dashboard's strings to i18next from the dashboard's own chunk, so neither the sign-in
 * route nor the other private screens carry them.
 */
import { i18next } from '../../../i18n/index.ts';
import { withManyForms } from '../../../i18n/plural-forms.ts';
import { enDashboard } from './en.ts';
import { esDashboard } from './es.ts';
import { frDashboard } from './fr.ts';

const bundles = { en: enDashboard, fr: frDashboard, es: esDashboard } as const;

for (const [language, resources] of Object.entries(bundles)) {
  i18next.addResourceBundle(language, 'translation', withManyForms(resources), true, false);
}

export const dashboardResourcesRegistered = true;

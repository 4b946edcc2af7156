/**
 * A count reads as one or many in every language (docs/product/administration.md#localisation):
 * '1 problem', '3 problems', never '3 problem(s)'; and a round million stays in the user's
 * language (French and Spanish ask for a 'many' form there, see plural-forms.ts).
 */
import { describe, expect, it } from 'vitest';
import { enDashboard } from '../features/dashboard/i18n/en.ts';
import { esDashboard } from '../features/dashboard/i18n/es.ts';
import { frDashboard } from '../features/dashboard/i18n/fr.ts';
import { enApp } from './app/en.ts';
import { esApp } from './app/es.ts';
import { frApp } from './app/fr.ts';
import './app/register.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { i18next } from './index.ts';
import { withManyForms } from './plural-forms.ts';

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

// The error page's message is quoted as the specification words it (docs/product/forms-and-lists.md#messages).
const QUOTED = new Set(['No subscription(s) found.']);
const bundles: Record<string, Tree[]> = { en: [en, enApp, enDashboard], fr: [fr, frApp, frDashboard], es: [es, esApp, esDashboard] };

describe('plural forms', () => {
  it.each(Object.keys(bundles))('no %s text hedges its plural with "(s)"', (lng) => {
    const hedged = bundles[lng]!.flatMap((tree) => leaves(tree)).filter(
      ([, text]) => /\p{L}\((s|es|ies|x)\)/u.test(text) && !QUOTED.has(text),
    );
    expect(hedged).toEqual([]);
  });

  it.each([
    ['en', '1 problem in the schema', '3 problems in the schema', '1 Error', '2 Errors'],
    ['fr', '1 problème dans le schéma', '3 problèmes dans le schéma', '1 erreur', '2 erreurs'],
    ['es', '1 problema en el esquema', '3 problemas en el esquema', '1 error', '2 errores'],
  ])('in %s: "%s", "%s", "%s", "%s"', (lng, oneProblem, threeProblems, oneError, twoErrors) => {
    expect(i18next.t('admin.schemaProblems', { count: 1, lng })).toBe(oneProblem);
    expect(i18next.t('admin.schemaProblems', { count: 3, lng })).toBe(threeProblems);
    expect(i18next.t('form.errorsButton', { count: 1, lng })).toBe(oneError);
    expect(i18next.t('form.errorsButton', { count: 2, lng })).toBe(twoErrors);
  });

  it('says none in French in the singular, as French does', () => {
    expect(i18next.t('lists.deletedCount', { count: 0, lng: 'fr' })).toBe('0 document supprimé');
  });

  it.each([
    ['fr', '1000000 documents supprimés'],
    ['es', '1000000 documentos eliminados'],
  ])('a round million in %s stays in %s', (lng, text) => {
    expect(i18next.t('lists.deletedCount', { count: 1_000_000, lng })).toBe(text);
  });

  it('gives each _other form a _many twin, keeping one written by hand', () => {
    expect(withManyForms({ a: { n_one: 'one', n_other: 'other' }, m_other: 'x', m_many: 'kept' })).toEqual({
      a: { n_one: 'one', n_other: 'other', n_many: 'other' },
      m_other: 'x',
      m_many: 'kept',
    });
  });
});

/**
 * Every text a user reads on a built-in type has its French and Spanish translation
 * (docs/product/administration.md#localisation): type and category names, field labels and help
 * texts, option labels, column headers, validation messages, statuses, workflow texts and the
 * risk matrix. A new label without its translation fails here, and so does a translation left
 * behind for a text that no longer exists.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentSchema } from '../schema/document-schema.ts';
import { builtinTypeByName, builtinTypes } from './index.ts';
import { translations } from './translations.ts';
import { visibleStringsOf } from './visible-strings.ts';
import { withTranslations } from './with-translations.ts';

const LOCALES = ['fr', 'es'] as const;

/** `type locale: text` for each visible text without a translation, and each stale key. */
function translationProblems(type: DocumentSchema): { missing: string[]; stale: string[] } {
  const visible = visibleStringsOf(type);
  const missing: string[] = [];
  const stale: string[] = [];
  for (const locale of LOCALES) {
    const dictionary = type.i18n?.data?.[locale] ?? {};
    for (const text of visible) if (!dictionary[text]?.trim()) missing.push(`${type.type} ${locale}: ${text}`);
    for (const key of Object.keys(dictionary)) if (!visible.has(key)) stale.push(`${type.type} ${locale}: ${key}`);
  }
  return { missing, stale };
}

function typeOrThrow(name: string): DocumentSchema {
  const type = builtinTypeByName(name);
  if (!type) throw new Error(`no built-in type ${name}`);
  return type;
}

describe('built-in types: French and Spanish', () => {
  it('translates every text a user reads on every built-in type', () => {
    expect(builtinTypes.flatMap((type) => translationProblems(type).missing)).toEqual([]);
  });

  it('keeps no translation of a text the type no longer shows', () => {
    expect(builtinTypes.flatMap((type) => translationProblems(type).stale)).toEqual([]);
  });

  it('declares French and Spanish on every built-in type', () => {
    for (const type of builtinTypes) expect(type.i18n?.locales, type.type).toEqual(['fr', 'es']);
  });

  it('finds a missing translation and a stale one', () => {
    const incident = typeOrThrow('incident');
    const fr = { ...incident.i18n!.data!['fr'] };
    delete fr['Near Miss'];
    fr['Forklift'] = 'Chariot élévateur';
    const broken: DocumentSchema = { ...incident, i18n: { ...incident.i18n, data: { ...incident.i18n!.data, fr } } };
    expect(translationProblems(broken)).toEqual({ missing: ['incident fr: Near Miss'], stale: ['incident fr: Forklift'] });
  });

  it('collects each kind of visible text', () => {
    const incident = visibleStringsOf(typeOrThrow('incident'));
    for (const text of [
      'Incident', // form title
      'Incidents', // list title
      'Health and Safety', // category
      'Lost days', // field label
      'Near Miss', // option value
      'Very High', // option label (oneOf title)
      'Please describe what happened', // validation message
      'Details', // layout group
      'Created', // column header
      'Pending Approval', // status
      'Complete the incident report', // workflow text
    ]) {
      expect(incident, text).toContain(text);
    }
    expect(visibleStringsOf(typeOrThrow('investigation'))).toContain('Full SCAT investigations cannot be recorded or submitted on mobile.');
    expect(visibleStringsOf(typeOrThrow('risk_assessment'))).toContain('Stop the activity; immediate action required.');
    expect(visibleStringsOf(typeOrThrow('worksafe_safety_visit'))).toContain(
      'Each unsafe act or unsafe condition requires an associated action',
    );
    expect(visibleStringsOf(typeOrThrow('currency'))).not.toContain('€');
  });

  it('speaks the words of health and safety professionals', () => {
    const incident = typeOrThrow('incident').i18n!.data!;
    expect(incident['fr']?.['Near Miss']).toBe('Presque-accident');
    expect(incident['es']?.['Near Miss']).toBe('Cuasi accidente');
    expect(incident['es']?.['Incident']).toBe('Incidente');
    expect(typeOrThrow('worksafe_safety_visit').i18n!.data!['fr']?.['Unsafe Act']).toBe('Acte dangereux');
  });
});

describe('withTranslations', () => {
  const type: DocumentSchema = {
    version: 3,
    type: 'sample',
    category: 'General',
    form: { title: 'Sample', schema: { type: 'object', properties: { status: { type: 'string', title: 'Closed' } } } },
  };

  it('adds only the common words the type uses, and its own entries win', () => {
    const own = translations([
      ['Sample', 'Exemple', 'Ejemplo'],
      ['Closed', 'Clôture', 'Cierre'],
    ]);
    const data = withTranslations(type, own).i18n?.data;
    expect(data?.['fr']).toEqual({ General: 'Général', Sample: 'Exemple', Closed: 'Clôture' });
    expect(data?.['es']).toEqual({ General: 'General', Sample: 'Ejemplo', Closed: 'Cierre' });
  });
});

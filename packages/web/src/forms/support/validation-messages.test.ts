import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { compileDocumentValidator, type JsonSchema } from '@docket/shared';
import { enApp } from '../../i18n/app/en.ts';
import { esApp } from '../../i18n/app/es.ts';
import { frApp } from '../../i18n/app/fr.ts';
import { formProblems } from './validation.ts';
import { keywordMessage, type Lookup } from './validation-messages.ts';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { en: { translation: enApp }, fr: { translation: frApp }, es: { translation: esApp } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const schema: JsonSchema = {
  type: 'object',
  properties: {
    summary: { type: 'string', title: 'Title', minLength: 1, maxLength: 5 },
    lost_days: { type: 'integer', title: 'Lost days', minimum: 0 },
    deviation: { type: 'number', title: 'Deviation', maximum: 1 },
    visitor_ids: { type: 'array', title: 'Visitors', minItems: 1, uniqueItems: true, items: { type: 'string', format: 'uuid' } },
    incident_date: { type: 'string', title: 'Incident date', format: 'date-time' },
    category: { type: 'string', title: 'Category', enum: ['Injury', 'Near Miss'] },
  },
};

const invalid = {
  summary: 'Too long a title',
  lost_days: -1,
  deviation: 1.5,
  visitor_ids: [],
  incident_date: 'yesterday',
  category: 'Other',
};

function messagesIn(lang: string, data: Record<string, unknown> = invalid): Record<string, string> {
  const t = i18n.getFixedT(lang) as unknown as Lookup;
  const raw = compileDocumentValidator(schema)(structuredClone(data)).problems;
  const problems = formProblems(raw, schema, {
    lang,
    translate: (text) => text,
    requiredText: (label) => label,
    keywordText: (problem) => keywordMessage(problem, t),
  });
  return Object.fromEntries(problems.map((p) => [p.path, p.message]));
}

describe('validation messages in the user language', () => {
  it('says every broken rule in French', () => {
    expect(messagesIn('fr')).toEqual({
      summary: 'doit contenir au plus 5 caractères',
      lost_days: 'doit être supérieur ou égal à 0',
      deviation: 'doit être inférieur ou égal à 1',
      visitor_ids: 'doit contenir au moins un élément',
      incident_date: 'doit être une date et une heure',
      category: 'doit être l’une des options proposées',
    });
  });

  it('says every broken rule in Spanish', () => {
    expect(messagesIn('es')).toEqual({
      summary: 'debe tener como máximo 5 caracteres',
      lost_days: 'debe ser mayor o igual que 0',
      deviation: 'debe ser menor o igual que 1',
      visitor_ids: 'debe tener al menos un elemento',
      incident_date: 'debe ser una fecha y hora',
      category: 'debe ser una de las opciones ofrecidas',
    });
  });

  it("keeps the schema's own required message, translated by the type", () => {
    const own: JsonSchema = { ...schema, required: ['summary'], errorMessage: { required: { summary: 'Please enter a title' } } };
    const t = i18n.getFixedT('fr') as unknown as Lookup;
    const raw = compileDocumentValidator(own)({}).problems;
    const problems = formProblems(raw, own, {
      lang: 'fr',
      translate: (text) => (text === 'Please enter a title' ? 'Veuillez saisir un titre' : text),
      requiredText: (label) => label,
      keywordText: (problem) => keywordMessage(problem, t),
    });
    expect(problems.map((p) => p.message)).toEqual(['Veuillez saisir un titre']);
  });

  it('says it in plain English too', () => {
    expect(messagesIn('en')['visitor_ids']).toBe('must have at least one item');
    expect(messagesIn('en', { summary: '' })['summary']).toBe('must not be empty');
    expect(messagesIn('fr', { summary: '' })['summary']).toBe('ne doit pas être vide');
  });

  it('names the expected type and uses the plural for counts above one', () => {
    const t = i18n.getFixedT('fr') as unknown as Lookup;
    expect(keywordMessage({ path: 'lost_days', message: 'must be integer', keyword: 'type', params: { type: 'integer' } }, t)).toBe(
      'doit être un nombre entier',
    );
    expect(keywordMessage({ path: 'a', message: '', keyword: 'minItems', params: { limit: 2 } }, t)).toBe(
      'doit contenir au moins 2 éléments',
    );
    expect(keywordMessage({ path: 'a', message: '', keyword: 'format', params: { format: 'ipv4' } }, t)).toBe(
      'doit respecter le format « ipv4 »',
    );
  });

  it('says the rarer rules in the user language, and an unknown one as "not valid", never in Ajv English', () => {
    const fr = i18n.getFixedT('fr') as unknown as Lookup;
    const es = i18n.getFixedT('es') as unknown as Lookup;
    const strict: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { not: { const: 'x' } } },
      dependencies: { a: ['b'] },
      minProperties: 3,
    };
    const raw = compileDocumentValidator(strict)({ a: 'y', c: 'x' }).problems;
    const said = (t: Lookup) => raw.map((problem) => keywordMessage(problem, t)).sort();
    expect(said(fr)).toEqual([
      'demande aussi « b », car « a » est renseigné',
      'doit avoir au moins 3 champs renseignés',
      'ne doit pas respecter cette règle',
    ]);
    expect(said(es)).toEqual([
      'debe tener al menos 3 campos rellenos',
      'necesita también «b», porque «a» está relleno',
      'no debe cumplir esta regla',
    ]);
    expect(keywordMessage({ path: 'a', message: 'must pass "x" keyword validation', keyword: 'x', params: {} }, fr)).toBe(
      'n’est pas valide',
    );
  });
});

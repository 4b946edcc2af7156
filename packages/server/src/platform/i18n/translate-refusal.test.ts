import { describe, expect, it } from 'vitest';
import { translateRefusal } from './translate-refusal.ts';
import { REFUSALS_FR } from './refusals.fr.ts';
import { REFUSALS_ES } from './refusals.es.ts';

const PLACEHOLDERS = /\{\d+\}/g;

describe('translateRefusal (docs/architecture.md#refusal-languages)', () => {
  it('answers English as thrown', () => {
    expect(translateRefusal('Unknown document type: widget', 'en')).toBe('Unknown document type: widget');
  });

  it('translates a fixed message and fills a template with the parts of the English', () => {
    expect(translateRefusal('Automatic translation services have been disabled by your organisation.', 'fr')).toBe(
      'Les services de traduction automatique ont été désactivés par votre organisation.',
    );
    const english = 'Unknown document type: widget';
    const french = translateRefusal(english, 'fr');
    expect(french).not.toBe(english);
    expect(french).toContain('widget');
    expect(french).toBe(REFUSALS_FR['Unknown document type: {1}']!.replace('{1}', 'widget'));
    expect(translateRefusal(english, 'es')).toBe(REFUSALS_ES['Unknown document type: {1}']!.replace('{1}', 'widget'));
  });

  it('prefers the template with the most words of its own', () => {
    const message = 'Invalid order: status appears twice';
    expect(translateRefusal(message, 'fr')).toBe(REFUSALS_FR['Invalid order: {1} appears twice']!.replace('{1}', 'status'));
  });

  it('translates a part that is itself a known message', () => {
    const inner = 'the mail server refused the user name or password';
    const message = `Mail connector 'Support': ${inner}.`;
    const expected = REFUSALS_FR["Mail connector '{1}': {2}."]!.replace('{1}', 'Support').replace('{2}', REFUSALS_FR[inner]!);
    expect(translateRefusal(message, 'fr')).toBe(expected);
  });

  it("reads a long refusal quoting a caller's text in one pass, whatever the text holds", () => {
    const quoted = 'a: b'.repeat(2_500);
    const message = `Mail connector '${quoted}': ${quoted}: ${quoted}.`;
    const translated = translateRefusal(message, 'fr');
    expect(translated.startsWith(REFUSALS_FR["Mail connector '{1}': {2}."]!.split('{1}')[0]!)).toBe(true);
    expect(translated.length).toBeGreaterThan(3 * quoted.length);
    expect(translateRefusal(`Unexpected character ${'x: '.repeat(5_000)}`, 'es')).toContain('x: '.repeat(5_000));
  });

  it("translates a validator's problems one by one, keeping the field names and what it does not know", () => {
    const message = 'summary: Please enter a title; rating: must be <= 5; status: must be equal to one of the allowed values';
    expect(translateRefusal(message, 'fr')).toBe(
      `summary: Please enter a title; rating: ${REFUSALS_FR['must be <= {1}']!.replace('{1}', '5')}; status: ${REFUSALS_FR['must be equal to one of the allowed values']}`,
    );
    expect(translateRefusal('You have been logged out.; The workflow is closed.', 'es')).toBe(
      `${REFUSALS_ES['You have been logged out.']}; ${REFUSALS_ES['The workflow is closed.']}`,
    );
    expect(translateRefusal('summary: Please enter a title', 'fr')).toBe('summary: Please enter a title');
  });

  it("translates a request validator's rule on a route's field, the field's name kept", () => {
    expect(translateRefusal('Invalid params: id must be integer', 'fr')).toBe("Chemin de l'adresse non valide : id doit être un entier");
    expect(translateRefusal('Invalid querystring: count must be <= 1000', 'es')).toBe(
      'Parámetros de la dirección no válidos: count debe ser menor o igual que 1000',
    );
    expect(translateRefusal("Invalid body: must have required property 'name'", 'fr')).toBe(
      'Corps de la requête non valide : doit contenir le champ requis « name »',
    );
    // A rule the catalogue does not know leaves the sentence as thrown around the translated frame.
    expect(translateRefusal('Invalid params: id must pass "x" keyword validation', 'fr')).toBe(
      `Chemin de l'adresse non valide : id must pass "x" keyword validation`,
    );
  });

  it('answers an unknown message as thrown', () => {
    expect(translateRefusal('Something nobody wrote down', 'fr')).toBe('Something nobody wrote down');
  });

  for (const [language, catalogue] of Object.entries({ fr: REFUSALS_FR, es: REFUSALS_ES })) {
    it(`${language}: every translation keeps exactly its template's placeholders and differs from the English where it has words`, () => {
      for (const [english, translation] of Object.entries(catalogue)) {
        expect([...translation.matchAll(PLACEHOLDERS)].map((m) => m[0]).sort(), english).toEqual(
          [...english.matchAll(PLACEHOLDERS)].map((m) => m[0]).sort(),
        );
        expect(translation.trim(), english).not.toBe('');
      }
    });
  }
});

/**
 * Every refusal written in the server's code has its French and Spanish text
 * (docs/architecture.md#refusal-languages): a new message without them fails here, naming it.
 */
import { describe, expect, it } from 'vitest';
import { refusalTemplates } from '../../test-support/refusal-templates.ts';
import { REFUSALS_FR } from './refusals.fr.ts';
import { REFUSALS_ES } from './refusals.es.ts';

describe('refusal catalogues', () => {
  const templates = refusalTemplates();

  it('finds the refusals of the code, constants and message functions included', () => {
    expect(templates.length).toBeGreaterThan(250);
    // A constant (oauth-error.ts), a function returning a template (list-indexes), an object entry (mail).
    expect(templates).toContain('Invalid username or password.');
    expect(templates).toContain('Cannot index {1}: not a field of {2}');
    expect(templates).toContain('Unable to import due to missing arguments!');
    // A default parameter (unauthenticated), a thrown helper's argument, an object of sentences (separation of duties).
    expect(templates).toContain('You have been logged out.');
    expect(templates).toContain("The zone cannot be found at the document's site.");
    expect(templates).toContain('You cannot approve your own submission.');
    // Never a programmer's own error, nor the catalogues' translations.
    expect(templates).not.toContain('SqliteReaders needs at least one thread');
    expect(templates).not.toContain('Vous avez été déconnecté(e).');
  });

  for (const [language, catalogue] of Object.entries({ fr: REFUSALS_FR, es: REFUSALS_ES })) {
    it(`${language} translates every one of them`, () => {
      expect(templates.filter((template) => !(template in catalogue))).toEqual([]);
    });
  }
});

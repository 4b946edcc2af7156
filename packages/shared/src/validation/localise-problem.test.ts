import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE } from './document-validator.ts';
import { localisedProblemMessage } from './localise-problem.ts';

describe('localisedProblemMessage', () => {
  const missing = { path: 'observations.0.descrip', message: REQUIRED_MESSAGE, keyword: 'required' };
  it('gives the French Requis: prefix for the default required message', () => {
    expect(localisedProblemMessage(missing, 'fr')).toBe('Requis: descrip');
    expect(localisedProblemMessage(missing, 'en')).toBe(REQUIRED_MESSAGE);
    expect(localisedProblemMessage(missing, undefined)).toBe(REQUIRED_MESSAGE);
  });
  it('leaves custom and other messages alone', () => {
    expect(localisedProblemMessage({ ...missing, message: 'Please enter a title' }, 'fr')).toBe('Please enter a title');
    expect(localisedProblemMessage({ path: 'x', message: 'must be integer', keyword: 'type' }, 'fr')).toBe('must be integer');
  });
});

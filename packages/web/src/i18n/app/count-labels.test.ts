/**
 * The list's count chip ('N Documents', docs/product/forms-and-lists.md) agrees with its number in
 * every language: one document is not "1 Documents".
 */
import { describe, expect, it } from 'vitest';
import { i18next } from '../index.ts';
import './register.ts';

describe('the count chip', () => {
  it.each([
    ['en', '1 Document', '3 Documents'],
    ['fr', '1 document', '3 documents'],
    ['es', '1 documento', '3 documentos'],
  ])('in %s says "%s" and "%s"', (lng, one, three) => {
    expect(i18next.t('lists.documents', { count: 1, lng })).toBe(one);
    expect(i18next.t('lists.documents', { count: 3, lng })).toBe(three);
  });
});

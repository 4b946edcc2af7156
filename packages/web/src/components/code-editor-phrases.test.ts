/**
 * The JSON editor's fold markers, search and lint panels speak the user's language (they stayed
 * English in French and Spanish; docs/product/administration.md#localisation).
 */
import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n/index.ts';
import '../i18n/app/register.ts';
import { codeEditorPhrases } from './code-editor-phrases.ts';

describe('the code editor phrases', () => {
  it.each([
    ['fr', 'Replier la ligne', 'Rechercher', 'Aucun diagnostic'],
    ['es', 'Plegar la línea', 'Buscar', 'Sin diagnósticos'],
    ['en', 'Fold line', 'Find', 'No diagnostics'],
  ])('in %s', (lng, foldLine, find, noDiagnostics) => {
    const phrases = codeEditorPhrases(i18next.getFixedT(lng));
    expect(phrases['Fold line']).toBe(foldLine);
    expect(phrases['Find']).toBe(find);
    expect(phrases['No diagnostics']).toBe(noDiagnostics);
  });
});

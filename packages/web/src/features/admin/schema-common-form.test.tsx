// @vitest-environment jsdom
/**
 * The schema editor's common properties are labelled in the user's language
 * (docs/product/administration.md#localisation): they read the schema type's own dictionary, as
 * the schema list does (they stayed English in French and Spanish).
 */
import { act } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import '../../i18n/index.ts';
import { reactRootPerTest } from '../../test-support/react-root.ts';
import { SchemaCommonForm } from './schema-common-form.tsx';
import { newSchemaTemplate } from './schema-problems.ts';

const mounted = reactRootPerTest();
const queryClient = new QueryClient();

function labelsIn(lang: string): string[] {
  const viewer = { appId: 'demo', userId: 'u1', lang, isAdministrator: true };
  act(() =>
    mounted.root.render(
      <QueryClientProvider client={queryClient}>
        <SchemaCommonForm definition={newSchemaTemplate()} onChange={() => undefined} viewer={viewer} />
      </QueryClientProvider>,
    ),
  );
  return [...mounted.container.querySelectorAll('label')].map((label) => label.textContent?.replace(/\s*\*$/, '').trim() ?? '');
}

describe('the schema editor common properties', () => {
  it.each([
    ['fr', ["Masque d'identifiant", 'Catégorie', 'Avec événements', 'Rôles requis pour créer', 'Types enfants']],
    ['es', ['Máscara de identificador', 'Categoría', 'Con eventos', 'Roles requeridos para crear', 'Tipos secundarios']],
    ['en', ['Id mask', 'Category', 'Has events', 'Required roles for create', 'Child types']],
  ])('are labelled in %s', (lang, expected) => {
    expect(labelsIn(lang)).toEqual(expect.arrayContaining(expected));
  });
});

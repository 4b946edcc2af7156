// @vitest-environment jsdom
/**
 * A date field speaks the user's language to a screen reader too (docs/product/administration.md#localisation):
 * the button that opens its calendar, the calendar's month arrows and its day names, which stayed
 * English in French and Spanish while the dates themselves were shown in the user's language.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '@docket/shared';
import { DocumentForm } from './document-form.tsx';
import '../i18n/index.ts';
import { reactRootPerTest } from '../test-support/react-root.ts';

const schema: JsonSchema = { type: 'object', properties: { due: { type: 'string', format: 'date', title: 'Due' } } };

const mounted = reactRootPerTest();

function renderForm(lang: string) {
  act(() =>
    mounted.root.render(
      <DocumentForm schema={schema} data={{}} mode="edit" appId="demo" userId="u1" lang={lang} translate={(text) => text} />,
    ),
  );
}

const labelsOf = (selector: string) => [...document.querySelectorAll(selector)].map((element) => element.getAttribute('aria-label'));

describe('a date field', () => {
  it.each([
    ['fr', 'Choisir la date', 'Mois précédent', 'lundi'],
    ['es', 'Elige fecha', 'Mes anterior', 'lunes'],
    ['en', 'Choose date', 'Previous month', 'Monday'],
  ])('in %s: "%s", "%s" and "%s"', async (lang, openLabel, previousMonth, monday) => {
    renderForm(lang);
    const open = mounted.container.querySelector<HTMLButtonElement>('button[aria-label]');
    expect(open?.getAttribute('aria-label')).toBe(openLabel);
    await act(async () => open?.click());
    expect(labelsOf('[role="dialog"] button')).toContain(previousMonth);
    expect(labelsOf('[role="columnheader"]')).toContain(monday);
  });
});

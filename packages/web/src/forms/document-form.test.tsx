// @vitest-environment jsdom
/**
 * What a user types into a form is kept while the form's caller catches up (support/echo-guard.ts):
 * JSON Forms reports an edit 10 ms late and meanwhile re-sends the data it was given whenever
 * the errors drawn under its controls change — as leaving a field does, by showing its problems.
 */
import { act, StrictMode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '@docket/shared';
import { DocumentForm } from './document-form.tsx';
import type { FormProblem } from './support/validation.ts';
import '../i18n/index.ts';
import { reactRootPerTest } from '../test-support/react-root.ts';

const schema: JsonSchema = {
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string', title: 'Title' }, symbol: { type: 'string', title: 'Symbol' } },
};
const titleRequired: FormProblem = { path: 'title', label: 'Title', message: 'Title is required', keyword: 'required' };

let caller:
  | {
      data: Record<string, unknown>;
      showProblems: (problems: FormProblem[]) => void;
      /** Gives the form data anew, as a reload after an edit conflict does. */
      reload: (data: Record<string, unknown>) => void;
    }
  | undefined;

/** A caller like the form screen: it keeps the data reported and shows problems it is told to. */
function Caller() {
  const [data, setData] = useState<Record<string, unknown>>({});
  const [problems, setProblems] = useState<FormProblem[]>([]);
  caller = { data, showProblems: setProblems, reload: setData };
  return (
    <DocumentForm
      schema={schema}
      data={data}
      onChange={setData}
      mode="edit"
      problems={problems}
      appId="demo"
      userId="u1"
      lang="en"
      translate={(text) => text}
    />
  );
}

function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const inputOf = (label: string) =>
  [...mounted.container.querySelectorAll('input')].find((input) => input.labels?.[0]?.textContent?.startsWith(label)) as HTMLInputElement;

const mounted = reactRootPerTest();

/** The caller in StrictMode, as main.tsx renders the app: React runs each state update twice in development. */
async function renderCaller() {
  await act(async () =>
    mounted.root.render(
      <StrictMode>
        <Caller />
      </StrictMode>,
    ),
  );
}

describe('a form keeps what was typed while its caller catches up (document-form.tsx)', () => {
  it('keeps a title typed just before leaving the field shows its problem', async () => {
    await renderCaller();
    act(() => type(inputOf('Title'), 'Pound'));
    // Leaving the field, before JSON Forms has reported the title: the caller still has {} and
    // shows the problem it found in it.
    act(() => caller?.showProblems([titleRequired]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(inputOf('Title').value).toBe('Pound');
    expect(caller?.data).toEqual({ title: 'Pound' });
  });

  it('takes data its caller gives anew after an edit, as a reload after an edit conflict does', async () => {
    await renderCaller();
    act(() => type(inputOf('Title'), 'Pound'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    act(() => caller?.reload({ title: 'Euro' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(inputOf('Title').value).toBe('Euro');
  });
});

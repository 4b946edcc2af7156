/**
 * docs/{type}/{id}: the document page, or its form when the query holds `edit` (`?edit`, or
 * `edit=true`); id 0 means create (docs/product/forms-and-lists.md#screens-and-routes). A non-numeric id is an unknown route.
 */
import type { ReactElement } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { DocumentSchema } from '@docket/shared';
import { StartInspection } from '../inspections/start-inspection.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { isWholeNumber } from '../../app/route-ids.ts';
import { DocumentFormPage } from './document-form-page.tsx';
import { DocumentPage } from './document-page.tsx';
import { TypeGate } from './type-gate.tsx';

/** Types whose new document starts on a screen of its own (an inspection starts from a checklist). */
const createScreens: Partial<Record<string, (props: { type: DocumentSchema }) => ReactElement>> = {
  inspection: StartInspection,
};

export function isEditRequest(params: URLSearchParams): boolean {
  return params.has('edit') && params.get('edit') !== 'false';
}

export default function DocumentRoute() {
  const { type: name = '', id: rawId = '' } = useParams();
  const [params] = useSearchParams();
  if (!isWholeNumber(rawId)) return <NotFoundPage />;
  const id = Number.parseInt(rawId, 10);
  const isForm = isEditRequest(params) || id === 0;
  return (
    <TypeGate name={name}>
      {(type) => {
        const CreateScreen = id === 0 ? createScreens[type.type] : undefined;
        if (CreateScreen) return <CreateScreen key={`${type.type}-create`} type={type} />;
        return isForm ? (
          <DocumentFormPage key={`${type.type}-${id}-form`} type={type} id={id} />
        ) : (
          <DocumentPage key={`${type.type}-${id}`} type={type} id={id} />
        );
      }}
    </TypeGate>
  );
}

/**
 * The form engine loaded on demand, for screens that show a form only sometimes (a list's filter
 * popup, a row's card): JSON Forms, its renderers and the date pickers then stay out of the
 * list's own chunk.
 */
import { lazy, Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import type { DocumentFormProps } from './document-form.tsx';

const DocumentForm = lazy(() => import('./document-form.tsx').then((module) => ({ default: module.DocumentForm })));

export function LazyDocumentForm(props: DocumentFormProps) {
  return (
    <Suspense fallback={<LinearProgress />}>
      <DocumentForm {...props} />
    </Suspense>
  );
}

import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PostFormPage } from './post-form-page.tsx';
import { PostPage } from './post-page.tsx';

/**
 * docs/post/{id}: the document page, or its form when the query holds `edit`; id 0 means create
 * (spec 000 §2). A non-numeric id is an unknown route.
 */
export default function PostRoute() {
  const { id: rawId = '' } = useParams();
  const [params] = useSearchParams();
  if (!/^\d+$/.test(rawId)) return <NotFoundPage />;
  const id = Number.parseInt(rawId, 10);
  const isEdit = params.has('edit') && params.get('edit') !== 'false';
  return isEdit || id === 0 ? <PostFormPage key={id} id={id} /> : <PostPage key={id} id={id} />;
}

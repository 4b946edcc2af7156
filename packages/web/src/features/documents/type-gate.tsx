/**
 * The gate in front of every type's screens (docs/product/forms-and-lists.md#screens-and-routes): an unknown type is the 404 page; a
 * type whose requiredRoles the user lacks, or a built-in type the server withheld from the user's
 * catalog (they may neither read nor create it), is 'Not Authorised'.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { canViewType } from './type-access.ts';
import { useDocumentType } from './use-document-type.ts';

export function TypeGate({ name, children }: { name: string; children: (type: DocumentSchema) => ReactNode }) {
  const { t } = useTranslation();
  const { type, viewer, catalog, isLoading } = useDocumentType(name);
  if (isLoading) return <LoadingScreen label={t('common.loading')} />;
  if (!type) return catalog.data?.withheld.has(name) ? <NotAuthorised /> : <NotFoundPage />;
  if (!canViewType(type, viewer)) return <NotAuthorised />;
  return <>{children(type)}</>;
}

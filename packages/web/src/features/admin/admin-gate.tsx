/**
 * The administration area is for administrators (docs/product/access.md#administrator-only); others see Not Authorised with
 * 'You do not have sufficient access rights to administer … for your organisation.'
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session-context.tsx';
import { NotAuthorised } from '../../components/not-authorised.tsx';

export function AdminGate({ section, children }: { section: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdministrator } = useSession();
  if (!isAdministrator) return <NotAuthorised text={t('admin.notAuthorised', { section })} />;
  return <>{children}</>;
}

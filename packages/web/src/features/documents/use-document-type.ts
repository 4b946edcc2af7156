/** The type named in the route, from the organisation's type catalog, with the viewer's context. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportingSettingsFrom } from '@docket/shared';
import { useDocumentTypes } from '../../api/document-types.ts';
import { useSession } from '../../app/session-context.tsx';
import { schemaTranslator } from '../../forms/schema-i18n.ts';
import type { Viewer } from '../../lists/filter-dialog.tsx';
import type { Holder } from './type-access.ts';

export function useViewer(): Viewer & Holder {
  const session = useSession();
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () => ({
      appId: session.appId,
      userId: session.user.uuid,
      lang,
      isAdministrator: session.isAdministrator,
      roles: session.user.roles,
      timeZone: reportingSettingsFrom(session.subscription.settings).timeZone,
    }),
    [session, lang],
  );
}

export function useDocumentType(name: string) {
  const viewer = useViewer();
  const catalog = useDocumentTypes(viewer.appId, viewer.isAdministrator);
  const type = catalog.data?.byName.get(name);
  const translate = useMemo(() => schemaTranslator(type, viewer.lang), [type, viewer.lang]);
  return { viewer, catalog, type, translate, isLoading: catalog.isPending };
}

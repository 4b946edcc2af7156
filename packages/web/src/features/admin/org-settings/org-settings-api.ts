/**
 * `GET|PUT /v3/account/settings` and `GET /v3/account/storage` for the organisation in context
 * (docs/product/administration.md#settings). A save also refreshes the session, which carries the
 * theme and the show flags every screen reads, so the administrator sees the change at once and
 * every other member at their next session read.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { OrgSettingsAnswer, StorageUsageAnswer } from '@docket/shared';
import { apiClient } from '../../../api/instance.ts';
import type { RecordApi } from '../../../api/record-api.ts';

export const orgSettingsKeys = {
  all: (appId: string) => ['org-settings', appId] as const,
  storage: (appId: string) => ['org-settings', appId, 'storage'] as const,
};

export function useOrgSettings(appId: string) {
  return useQuery({
    queryKey: orgSettingsKeys.all(appId),
    queryFn: ({ signal }) => apiClient.get<OrgSettingsAnswer>('/v3/account/settings', { app: appId }, signal),
    // Read again only after a save: the form restarts from each new answer, so a background
    // refetch must never replace what the administrator is typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useStorageUsage(appId: string) {
  return useQuery({
    queryKey: orgSettingsKeys.storage(appId),
    queryFn: ({ signal }) => apiClient.get<StorageUsageAnswer>('/v3/account/storage', { app: appId }, signal),
  });
}

/** The form engine's view of the settings: one record, saved with `PUT /v3/account/settings`. */
export function settingsRecordApi(appId: string): RecordApi {
  const path = `/v3/account/settings?app=${encodeURIComponent(appId)}`;
  return {
    listPath: '/v3/account/settings',
    itemPath: () => path,
    idOf: () => 'settings',
    supportsDefaultFilter: false,
    supportsGroupBy: false,
    supportsExport: false,
    supportsCreate: false,
  };
}

export function afterSettingsSaved(queryClient: QueryClient, appId: string): void {
  void queryClient.invalidateQueries({ queryKey: orgSettingsKeys.all(appId) });
  void queryClient.invalidateQueries({ queryKey: ['session'] });
}

/**
 * The connector settings calls (docs/product/mail.md#connector-settings): the organisation's
 * connectors (administrators) and the caller's own 'My Mail'; a connection test saves nothing.
 * The secret is write-only: answers only say `has_secret`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailConnectionTestAnswer, MailConnectorInput, MailConnectorSettingsAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { mailKeys } from './mail-api.ts';

export const mailSettingsKeys = {
  organisation: (appId: string) => ['mail', 'settings', 'organisation', appId] as const,
  mine: (appId: string) => ['mail', 'settings', 'mine', appId] as const,
};

export function useOrganisationConnectors(appId: string) {
  return useQuery({
    queryKey: mailSettingsKeys.organisation(appId),
    queryFn: ({ signal }) => apiClient.get<MailConnectorSettingsAnswer[]>('/mail/settings/connectors', { app: appId }, signal),
  });
}

export function useMyMailSettings(appId: string) {
  return useQuery({
    queryKey: mailSettingsKeys.mine(appId),
    queryFn: ({ signal }) => apiClient.get<MailConnectorSettingsAnswer | null>('/mail/settings/my', { app: appId }, signal),
  });
}

/** After a change, every mail query (the mail screen's connectors, lists, settings) is fetched again. */
function useRefreshMail() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mailKeys.all });
}

export function useSaveConnector(appId: string) {
  const refresh = useRefreshMail();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: MailConnectorInput }) =>
      id === null
        ? apiClient.request<MailConnectorSettingsAnswer>('/mail/settings/connectors', {
            method: 'POST',
            query: { app: appId },
            json: input,
          })
        : apiClient.request<MailConnectorSettingsAnswer>(`/mail/settings/connectors/${id}`, {
            method: 'PUT',
            query: { app: appId },
            json: input,
          }),
    onSuccess: refresh,
  });
}

export function useDeleteConnector(appId: string) {
  const refresh = useRefreshMail();
  return useMutation({
    mutationFn: (id: number) =>
      apiClient.request<{ error: false }>(`/mail/settings/connectors/${id}`, { method: 'DELETE', query: { app: appId } }),
    onSuccess: refresh,
  });
}

export function useSaveMyMail(appId: string) {
  const refresh = useRefreshMail();
  return useMutation({
    mutationFn: (input: MailConnectorInput) =>
      apiClient.request<MailConnectorSettingsAnswer>('/mail/settings/my', { method: 'PUT', query: { app: appId }, json: input }),
    onSuccess: refresh,
  });
}

export function useDeleteMyMail(appId: string) {
  const refresh = useRefreshMail();
  return useMutation({
    mutationFn: () => apiClient.request<{ error: false }>('/mail/settings/my', { method: 'DELETE', query: { app: appId } }),
    onSuccess: refresh,
  });
}

/** Test connection: the organisation's connector `id` (when editing one) lends its stored secret. */
export function useTestConnection(appId: string, scope: 'organisation' | 'mine') {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: MailConnectorInput }) =>
      apiClient.request<MailConnectionTestAnswer>(scope === 'mine' ? '/mail/settings/my/test' : '/mail/settings/connectors/test', {
        method: 'POST',
        query: { app: appId },
        json: scope === 'organisation' && id !== null ? { ...input, id } : input,
      }),
  });
}

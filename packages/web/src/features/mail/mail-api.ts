/**
 * The mail calls (docs/product/mail.md#api) as queries and mutations: the caller's connectors, a
 * folder's page of messages, one message, delete, import into a document, Create Request.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailConnectorAnswer, MailImportAnswer, MailListAnswer, MailMessageAnswer } from '@docket/shared';
import { apiClient } from '../../api/instance.ts';
import { refreshDocumentActivity } from '../activity/events-api.ts';

export const mailKeys = {
  all: ['mail'] as const,
  connectors: (appId: string) => ['mail', 'connectors', appId] as const,
  list: (connector: number, folder: string, start: number, count: number, unread: boolean) =>
    ['mail', 'list', connector, folder, start, count, unread] as const,
  message: (connector: number, folder: string, uid: number) => ['mail', 'message', connector, folder, uid] as const,
};

export function useMailConnectors(appId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: mailKeys.connectors(appId),
    queryFn: ({ signal }) => apiClient.get<MailConnectorAnswer[]>('/mail/connectors', { app: appId }, signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function useMailList(appId: string, connector: number, folder: string, start: number, count: number, unreadOnly = false) {
  return useQuery({
    queryKey: mailKeys.list(connector, folder, start, count, unreadOnly),
    queryFn: ({ signal }) =>
      apiClient.get<MailListAnswer>(`/mail/${connector}/list`, { app: appId, f: folder, start, count, u: unreadOnly || undefined }, signal),
    enabled: connector > 0 && folder !== '',
    placeholderData: (previous) => previous,
  });
}

export function useMailMessage(appId: string, connector: number, folder: string, uid: number | null) {
  return useQuery({
    queryKey: mailKeys.message(connector, folder, uid ?? 0),
    queryFn: ({ signal }) => apiClient.get<MailMessageAnswer>(`/mail/${connector}/message/${uid}`, { app: appId, f: folder }, signal),
    enabled: uid !== null && uid > 0,
    retry: false,
  });
}

export function useDeleteMail(appId: string, connector: number, folder: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: number) =>
      apiClient.request<{ error: false }>(`/mail/${connector}/message/${uid}`, { method: 'DELETE', query: { app: appId, f: folder } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}

export function useImportMail(appId: string, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { connector: number; folder: string; uid: number; deleteFromSource: boolean }) =>
      apiClient.get<MailImportAnswer>(`/mail/${input.connector}/import/${input.uid}`, {
        app: appId,
        f: input.folder,
        doc_id: docId,
        deleteFromSource: input.deleteFromSource || undefined,
      }),
    onSuccess: async () => {
      await refreshDocumentActivity(queryClient, docId);
      await queryClient.invalidateQueries({ queryKey: mailKeys.all });
    },
  });
}

export function useCreateRequest(appId: string, connector: number, folder: string) {
  return useMutation({
    mutationFn: (uid: number) =>
      apiClient.request<MailImportAnswer>(`/mail/${connector}/request/${uid}`, { method: 'POST', query: { app: appId, f: folder } }),
  });
}

/** The header badge: unread messages in the first connector's inbox (docs/product/mail.md#mail-screen). */
export function useUnreadCount(appId: string, connector: MailConnectorAnswer | undefined) {
  const folder = connector?.folders[0]?.path ?? '';
  return useQuery({
    queryKey: ['mail', 'unread', appId, connector?.id ?? 0, folder],
    queryFn: ({ signal }) =>
      apiClient.get<MailListAnswer>(`/mail/${connector!.id}/list`, { app: appId, f: folder, u: true, count: 1 }, signal),
    enabled: Boolean(connector && folder),
    select: (answer) => answer.folder.unreadItemCount,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
}

/**
 * `POST /v3/{appId}/notification/preview` (docs/product/mail.md#notifications): the mail a rule
 * being edited would send. Nothing is stored or sent; asked only once the rule has a title.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from './instance.ts';

export interface RuleDraft {
  title: string;
  message?: string;
  target_type?: string;
}

export interface MailPreview {
  subject: string;
  text: string;
  sample: { id: number; display_id: string } | null;
}

export function useNotificationPreview(appId: string, draft: RuleDraft) {
  return useQuery({
    queryKey: ['notification-preview', appId, draft],
    queryFn: ({ signal }) =>
      apiClient.request<MailPreview>(`/v3/${encodeURIComponent(appId)}/notification/preview`, { method: 'POST', json: draft, signal }),
    enabled: draft.title !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * The workflow as the caller sees it (`GET /doc/{docId}/workflow`) and its actions, posted as
 * events (`POST /v3/{appId}/$$event`, docs/product/workflow-and-timeline.md#api) — the answer carries the document's new meta.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkflowActionType, WorkflowEventAnswer, WorkflowView } from '@docket/shared';
import { isApiRequestError } from '../../api/api-error.ts';
import { apiClient } from '../../api/instance.ts';
import { TODO_KEY } from '../../api/records-api.ts';
import { refreshDocumentActivity } from '../activity/events-api.ts';

export const workflowKeys = {
  view: (appId: string, docId: number) => ['workflow', appId, docId] as const,
};

/** `null` when the type has no workflow (the server answers 404 for it). */
export function useWorkflowView(appId: string, docId: number) {
  return useQuery({
    queryKey: workflowKeys.view(appId, docId),
    queryFn: async ({ signal }) => {
      try {
        return await apiClient.get<WorkflowView>(`/doc/${docId}/workflow`, { app: appId }, signal);
      } catch (error) {
        if (isApiRequestError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export interface WorkflowActionInput {
  type: WorkflowActionType;
  descrip: string;
  onBehalfOf?: string;
}

export function useWorkflowAction(appId: string, docId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkflowActionInput) =>
      apiClient.request<WorkflowEventAnswer>(`/v3/${encodeURIComponent(appId)}/$$event`, {
        method: 'POST',
        json: { doc_id: docId, type: input.type, descrip: input.descrip, ...(input.onBehalfOf ? { on_behalf_of: input.onBehalfOf } : {}) },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowKeys.view(appId, docId) }),
        queryClient.invalidateQueries({ queryKey: TODO_KEY }),
        refreshDocumentActivity(queryClient, docId),
      ]),
  });
}

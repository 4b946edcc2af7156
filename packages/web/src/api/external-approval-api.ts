/**
 * An external approver's link (docs/product/workflow-and-timeline.md#external-approvers): read the
 * summary and act without signing in. Tokens travel in bodies, never in URLs.
 */
import type { ExternalApprovalActed, ExternalApprovalSummary } from '@docket/shared';
import { apiClient } from './instance.ts';

const base = (appId: string) => `/v3/${encodeURIComponent(appId)}/external-approval`;

export function lookupExternalApproval(appId: string, token: string): Promise<ExternalApprovalSummary> {
  return apiClient.request(`${base(appId)}/lookup`, { method: 'POST', auth: false, json: { token } });
}

export function actOnExternalApproval(
  appId: string,
  token: string,
  action: 'approve' | 'reject',
  comment: string,
): Promise<ExternalApprovalActed> {
  return apiClient.request(`${base(appId)}/act`, { method: 'POST', auth: false, json: { token, action, comment } });
}

/**
 * Invitations: the administrators' list (resend, cancel) and the invited person's link
 * (look up without signing in, accept signed in). Tokens travel in bodies, never in URLs.
 */
import type { InvitationAcceptedAnswer, InvitationAnswer, InvitationLookupAnswer, ListAnswer } from '@docket/shared';
import { apiClient, sessionStore } from './instance.ts';

export function lookupInvitation(token: string): Promise<InvitationLookupAnswer> {
  return apiClient.request('/v3/invitations/lookup', { method: 'POST', auth: false, json: { token } });
}

export async function acceptInvitation(token: string, password?: string): Promise<InvitationAcceptedAnswer> {
  const answer = await apiClient.request<InvitationAcceptedAnswer>('/v3/invitations/accept', {
    method: 'POST',
    json: password ? { token, password } : { token },
  });
  // A new password ended every session: the next sign-in uses it.
  if (answer.sign_in_again) sessionStore.clear();
  else sessionStore.joinOrganisation({ app_id: answer.app_id, company: answer.company });
  return answer;
}

export function listInvitations(appId: string): Promise<ListAnswer<InvitationAnswer>> {
  return apiClient.request(`/v3/${encodeURIComponent(appId)}/invitations`);
}

export function resendInvitation(appId: string, id: number): Promise<InvitationAnswer> {
  return apiClient.request(`/v3/${encodeURIComponent(appId)}/invitations/${id}/resend`, { method: 'POST' });
}

export function cancelInvitation(appId: string, id: number): Promise<void> {
  return apiClient.request(`/v3/${encodeURIComponent(appId)}/invitations/${id}`, { method: 'DELETE' });
}

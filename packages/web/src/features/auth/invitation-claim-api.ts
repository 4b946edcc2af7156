/**
 * Accepting an invitation from its link alone, for an account with no password of its own
 * (docs/product/identities-and-sign-in.md#invitations): the link proves the person controls the
 * address; the password they choose becomes the account's own and every session ends.
 */
import type { InvitationAcceptedAnswer, InvitationLookupAnswer } from '@docket/shared';
import { apiClient, sessionStore } from '../../api/instance.ts';

/** The lookup's answer; `own_password` false: the link itself lets the person choose their password. */
export type InvitationLookup = InvitationLookupAnswer & { own_password?: boolean };

export async function acceptInvitationWithNewPassword(token: string, password: string): Promise<InvitationAcceptedAnswer> {
  const answer = await apiClient.request<InvitationAcceptedAnswer>('/v3/invitations/accept-with-password', {
    method: 'POST',
    auth: false,
    json: { token, password },
  });
  // Every session of the account ended, this browser's included: the next sign-in uses the new password.
  sessionStore.clear();
  return answer;
}

import type { OtpChallengeAnswer, TokenAnswer } from '@docket/shared';
import { apiClient, sessionStore } from './instance.ts';

export type SignInOutcome = { kind: 'signed-in' } | { kind: 'otp'; clientCode: string };

function isOtpChallenge(answer: TokenAnswer | OtpChallengeAnswer): answer is OtpChallengeAnswer {
  return 'otp_required' in answer && answer.otp_required === true;
}

async function exchange(form: Record<string, string>): Promise<SignInOutcome> {
  const answer = await apiClient.request<TokenAnswer | OtpChallengeAnswer>('/oauth/token', {
    method: 'POST',
    auth: false,
    form,
  });
  if (isOtpChallenge(answer)) return { kind: 'otp', clientCode: answer.client_code };
  sessionStore.startFromTokens(answer);
  return { kind: 'signed-in' };
}

export function signInWithPassword(username: string, password: string): Promise<SignInOutcome> {
  return exchange({ grant_type: 'password', username, password });
}

export function signInWithOtp(clientCode: string, otpCode: string): Promise<SignInOutcome> {
  return exchange({ grant_type: 'otp_code', client_code: clientCode, otp_code: otpCode });
}

/** The return from federated sign-in carries a one-time code in `#/login?code=` (docs/product/identities-and-sign-in.md#sign-in). */
export function signInWithAuthorizationCode(code: string): Promise<SignInOutcome> {
  return exchange({ grant_type: 'authorization_code', authorization_code: code });
}

/** Federated sign-in starts on the server, which redirects to the organisation's provider. */
export function federatedStartUrl(appId: string): string {
  return `/oauth/federated/start?${new URLSearchParams({ app: appId }).toString()}`;
}

/** Revokes the refresh token (best effort: a failure must never keep the user signed in). */
export async function signOut(): Promise<void> {
  const refreshToken = sessionStore.get()?.refreshToken;
  sessionStore.clear();
  if (!refreshToken) return;
  await apiClient
    .request('/oauth/logout', { method: 'DELETE', auth: false, query: { refresh_token: refreshToken } })
    .catch(() => undefined);
}

/** Self sign-up (docs/product/administration.md#subscriptions): ask for a link, then set up the account. Tokens travel in bodies. */
import { apiClient } from './instance.ts';

export function requestSignup(email: string): Promise<{ error: false; message: string }> {
  return apiClient.request('/v3/signup', { method: 'POST', auth: false, json: { email } });
}

export function completeSignup(
  token: string,
  displayName: string,
  password: string,
): Promise<{ error: false; app_id: string; company: string; email: string }> {
  return apiClient.request('/v3/signup/confirm', { method: 'POST', auth: false, json: { token, display_name: displayName, password } });
}

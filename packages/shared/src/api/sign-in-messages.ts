/**
 * What `#/login?message=` may ask the sign-in screen to say: one of these codes, shown in the
 * user's language, never words taken from the address — a link anyone can send must not put its
 * own text in the sign-in screen's alert (docs/product/security.md#sign-in-messages).
 */
export const FEDERATED_FAILURES = [
  'federated_not_configured',
  'federated_https_required',
  'federated_no_subscription',
  'federated_incomplete',
  'federated_other_browser',
  'federated_expired',
  'federated_provider_refused',
  'federated_unverified',
  'federated_no_account',
  'federated_failed',
] as const;
export type FederatedFailure = (typeof FEDERATED_FAILURES)[number];

/** `logged_out`: signed out or no session; `session_ended`: a refresh was refused (its reason, when this tab knows it). */
export const SIGN_IN_MESSAGE_CODES = ['logged_out', 'session_ended', ...FEDERATED_FAILURES] as const;
export type SignInMessageCode = (typeof SIGN_IN_MESSAGE_CODES)[number];

export function isSignInMessageCode(value: string | null | undefined): value is SignInMessageCode {
  return (SIGN_IN_MESSAGE_CODES as readonly string[]).includes(value ?? '');
}

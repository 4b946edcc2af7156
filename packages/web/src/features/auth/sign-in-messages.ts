import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isSignInMessageCode } from '@docket/shared';
import type { SignInMessageCode } from '@docket/shared';
import { isApiRequestError } from '../../api/api-error.ts';
import { sessionStore } from '../../api/instance.ts';

/** Where a signed-in user lands: the dashboard, which opens the default report (docs/product/reporting.md#dashboard). */
export const HOME_PATH = '/dashboard';

/**
 * The alert for `login?message=`: only the app's own codes are worded, in the user's language; any
 * other text in the address is ignored, so a link cannot put its own words on the sign-in screen
 * (docs/product/security.md#sign-in-messages).
 */
export function useSignInMessage(message: string | null): string | null {
  const { t } = useTranslation();
  return isSignInMessageCode(message) ? signInMessageText(message, t, sessionStore.lastClearReason()) : null;
}

/** `session_ended` shows why this tab's refresh was refused (the server's words) when it knows. */
export function signInMessageText(code: SignInMessageCode, t: TFunction, clearReason: string | null): string {
  if (code === 'logged_out') return t('signIn.loggedOut');
  if (code === 'session_ended') return clearReason ?? t('signIn.loggedOut');
  return t(`signIn.message_${code}`);
}

/** The server's error_description, 'Error contacting server' when unreachable, else 'Unknown Error'. */
export function signInErrorText(error: unknown, t: TFunction): string {
  if (isApiRequestError(error)) {
    // The original shows its own words for an unknown client ('Client Invalide' in French).
    if (error.code === 'invalid_client') return t('signIn.invalidClient');
    if (error.description && !error.isUnreachable) return error.description;
    if (error.isUnreachable) return t('common.contactingServer');
  }
  return t('common.unknownError');
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../api/api-error.ts';

/** Where a signed-in user lands: the dashboard, which opens the default report (docs/product/reporting.md#dashboard). */
export const HOME_PATH = '/dashboard';

/** Codes the app itself puts in `login?message=`; any other text is shown as given. */
const MESSAGE_CODES = { logged_out: 'signIn.loggedOut' } as const;

export function useSignInMessage(message: string | null): string | null {
  const { t } = useTranslation();
  if (!message) return null;
  const key = MESSAGE_CODES[message as keyof typeof MESSAGE_CODES];
  return key ? t(key) : message;
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

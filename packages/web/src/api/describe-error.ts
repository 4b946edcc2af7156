import type { TFunction } from 'i18next';
import { isApiRequestError } from './api-error.ts';

/**
 * The text to show for a failed call: 'Error contacting server' when the server was not reached,
 * else the server's error_description (already in the spec's words), else the given fallback.
 */
export function describeError(error: unknown, t: TFunction, fallback: string): string {
  if (isApiRequestError(error)) {
    if (error.isUnreachable) return t('common.contactingServer');
    if (error.description) return error.description;
  }
  return fallback;
}

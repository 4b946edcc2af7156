// @vitest-environment jsdom
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGE_CODES, isSignInMessageCode } from '@docket/shared';
import { en, type Resource } from '../../i18n/en.ts';
import { fr } from '../../i18n/fr.ts';
import { signInMessageText } from './sign-in-messages.ts';

/** A translation by the locale's own texts, as i18next looks them up. */
const tIn = (texts: Resource) =>
  ((key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts)) as unknown as TFunction;

// docs/product/security.md#sign-in-messages
describe('the sign-in screen’s message from its address', () => {
  it('takes only the app’s codes, never words from a link', () => {
    expect(isSignInMessageCode('federated_expired')).toBe(true);
    expect(isSignInMessageCode('Your account is locked. Call +1 555 0100.')).toBe(false);
    expect(isSignInMessageCode('toString')).toBe(false);
    expect(isSignInMessageCode(null)).toBe(false);
  });

  it('words every code in each language', () => {
    for (const texts of [en, fr] as Resource[]) {
      for (const code of SIGN_IN_MESSAGE_CODES) {
        const text = signInMessageText(code, tIn(texts), null);
        expect(typeof text, code).toBe('string');
        expect(text.length, code).toBeGreaterThan(10);
      }
    }
    expect(signInMessageText('federated_no_account', tIn(fr), null)).toBe("Vous n'avez pas de compte Docket dans cette organisation.");
  });

  it('says why the session ended when this tab knows, else that the user was logged out', () => {
    expect(signInMessageText('session_ended', tIn(en), 'Refresh token expired.')).toBe('Refresh token expired.');
    expect(signInMessageText('session_ended', tIn(en), null)).toBe('You have been logged out.');
  });
});

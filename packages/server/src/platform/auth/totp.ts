/**
 * Authenticator-app codes (TOTP, RFC 6238) for the directory's mfa_method `app`, with the
 * `otpauth` library: 6 digits, 30-second steps, SHA-1 (what common authenticator apps expect),
 * one step of clock drift either way.
 */
import { Secret, TOTP } from 'otpauth';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: 'Docket', label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretBase32) });
}

export function verifyTotp(secretBase32: string, code: string): boolean {
  return totpFor(secretBase32, 'docket').validate({ token: code, window: 1 }) !== null;
}

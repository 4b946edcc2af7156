/** Short-lived signed access tokens (jose, HS256). The refresh token family id rides along as `sid`. */
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_LIFETIME_S } from '@docket/shared';

export interface AccessTokenClaims {
  sub: string;
  sid: string;
  iat: number;
}

interface VerifiedToken {
  claims: AccessTokenClaims;
  expiresAtMs: number;
}

/** Verified tokens kept per process; a signature check is the costliest step of every request. */
const MAX_VERIFIED = 10_000;

export class AccessTokens {
  readonly #key: Uint8Array;
  /**
   * Only the signature check is memoised: whether the identity is active and the session alive
   * is still read from the database on every request, so revocation is immediate.
   */
  readonly #verified = new Map<string, VerifiedToken>();
  constructor(key: Uint8Array) {
    this.#key = key;
  }

  async issue(identityUuid: string, familyId: string): Promise<string> {
    return new SignJWT({ sid: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(identityUuid)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_LIFETIME_S}s`)
      .setIssuer('docket')
      .sign(this.#key);
  }

  /** Answers the claims, or null for a token that is malformed, forged or expired. */
  async verify(token: string, nowMs = Date.now()): Promise<AccessTokenClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.expiresAtMs > nowMs) return known.claims;
      this.#verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.#key, { issuer: 'docket', algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.iat !== 'number' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      const claims = { sub: payload.sub, sid: payload.sid, iat: payload.iat };
      if (this.#verified.size >= MAX_VERIFIED) this.#verified.delete(this.#verified.keys().next().value!);
      this.#verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}

/** Short-lived signed access tokens (jose, HS256). The refresh token family id rides along as `sid`. */
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_LIFETIME_S } from '@docket/shared';

export interface AccessTokenClaims {
  sub: string;
  sid: string;
  iat: number;
}

export class AccessTokens {
  readonly #key: Uint8Array;
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
  async verify(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { issuer: 'docket', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.iat !== 'number') {
        return null;
      }
      return { sub: payload.sub, sid: payload.sid, iat: payload.iat };
    } catch {
      return null;
    }
  }
}

/** argon2id password hashing (docs/engineering.md#architecture); `@node-rs/argon2` ships prebuilt binaries in npm. */
import { hash, verify } from '@node-rs/argon2';

// `Algorithm` is a const enum that verbatimModuleSyntax cannot import: 2 is Argon2id.
const ARGON2ID = 2;
// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this hash for unknown accounts keeps the answer time of unknown and known
 * e-mails alike, so timing does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  return dummyHash;
}

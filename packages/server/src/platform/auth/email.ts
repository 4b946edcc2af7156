/**
 * Identity look-ups normalise explicitly (NFKC + lower case) and then compare exactly
 * (docs/product/security.md#lesson-9): no collation decides that two different addresses are the same.
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

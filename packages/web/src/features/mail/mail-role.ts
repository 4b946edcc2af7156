/** Mail is offered to members with the mail role (docs/product/mail.md#mail-screen). */
export function hasMailRole(roles: readonly string[]): boolean {
  return roles.includes('mail');
}

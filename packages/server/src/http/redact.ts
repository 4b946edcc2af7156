/** Query parameters whose values are secrets; they are replaced before a URL is logged. */
const secretParams = ['refresh_token', 'access_token', 'otp_code', 'client_code', 'code', 'password', 'token'];

export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of secretParams) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, question)}?${params.toString()}`;
}

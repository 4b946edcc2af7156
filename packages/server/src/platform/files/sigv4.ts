/**
 * AWS Signature Version 4 in the Authorization header, as S3 and S3-compatible stores (MinIO,
 * Ceph, R2, …) check it, on node:crypto alone. S3 flavour: the path is URI-encoded once (other AWS
 * services encode it twice) and `x-amz-content-sha256` is always sent and signed. Only what the
 * file store needs: no presigned URLs, no chunked (streaming) payload signatures.
 * Reference: "Authenticating Requests: Using the Authorization Header (AWS Signature Version 4)"
 * in the Amazon S3 API reference; `sigv4.test.ts` checks its published examples.
 */
import { createHash, createHmac } from 'node:crypto';

/** SHA-256 of an empty payload (GET, DELETE). */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (STS) come with a token, sent and signed as `x-amz-security-token`. */
  sessionToken?: string | undefined;
}

export interface RequestToSign {
  method: string;
  /** The Host header exactly as sent (`host` or `host:port` when the port is not the default). */
  host: string;
  /** The path before encoding, e.g. `/bucket/org-1/key`; sent as `encodePath(path)`. */
  path: string;
  /** Query parameters before encoding; a parameter without value is `''`. */
  query?: Readonly<Record<string, string>>;
  /** Further headers to send, all signed (Range, Content-Type, Content-Length, …). */
  headers?: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (`EMPTY_SHA256` without one). */
  payloadHash: string;
}

export interface SigningScope {
  region: string;
  service?: string;
  now?: Date;
}

/** RFC 3986 percent-encoding as SigV4 wants it: every byte but A–Z a–z 0–9 - _ . ~ */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The path as it is both sent and signed: each segment encoded, the slashes kept. */
export function encodePath(path: string): string {
  return path.split('/').map(uriEncode).join('/');
}

/** The canonical query string (sorted by encoded name, then value); also what is sent. */
export function encodeQuery(query: Readonly<Record<string, string>> = {}): string {
  return Object.entries(query)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** `20130524T000000Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Every header to send with the request: the given ones (names lower-cased), `host`, `x-amz-date`,
 * `x-amz-content-sha256`, `x-amz-security-token` with temporary credentials, and `authorization`.
 */
export function signRequest(request: RequestToSign, credentials: SigningCredentials, scope: SigningScope): Record<string, string> {
  const date = amzDate(scope.now ?? new Date());
  const day = date.slice(0, 8);
  const service = scope.service ?? 's3';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  headers.host = request.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = request.payloadHash;
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;

  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    encodePath(request.path),
    encodeQuery(request.query),
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const credentialScope = `${day}/${scope.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [scope.region, service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope},` + `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

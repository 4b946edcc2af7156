/**
 * The signer against the examples AWS publishes for S3 (Amazon S3 API reference, "Examples:
 * Signature Calculations": access key AKIAIOSFODNN7EXAMPLE, 24 May 2013, us-east-1). Any change to
 * canonicalisation, encoding, the key derivation or the header layout breaks these signatures.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, encodePath, encodeQuery, signRequest } from './sigv4.ts';

const credentials = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const scope = { region: 'us-east-1', now: new Date('2013-05-24T00:00:00Z') };
const host = 'examplebucket.s3.amazonaws.com';
const scopeText = 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';

describe('signRequest (AWS S3 SigV4 examples)', () => {
  it('GET Object with a Range header', () => {
    const headers = signRequest(
      { method: 'GET', host, path: '/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256 },
      credentials,
      scope,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${scopeText},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,` +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers).toMatchObject({ host, range: 'bytes=0-9', 'x-amz-date': '20130524T000000Z', 'x-amz-content-sha256': EMPTY_SHA256 });
  });

  it('PUT Object with a body, a Date header and a key that needs encoding ($)', () => {
    const body = 'Welcome to Amazon S3.';
    const payloadHash = createHash('sha256').update(body).digest('hex');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = signRequest(
      {
        method: 'PUT',
        host,
        path: '/test$file.text',
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash,
      },
      credentials,
      scope,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${scopeText},SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,` +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('GET Bucket lifecycle (a query parameter without value)', () => {
    const headers = signRequest(
      { method: 'GET', host, path: '/', query: { lifecycle: '' }, payloadHash: EMPTY_SHA256 },
      credentials,
      scope,
    );
    expect(headers.authorization).toContain('Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('GET Bucket (List Objects): query parameters sorted', () => {
    const headers = signRequest(
      { method: 'GET', host, path: '/', query: { prefix: 'J', 'max-keys': '2' }, payloadHash: EMPTY_SHA256 },
      credentials,
      scope,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=${scopeText},SignedHeaders=host;x-amz-content-sha256;x-amz-date,` +
        'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('sends and signs the session token of temporary credentials', () => {
    const plain = signRequest({ method: 'GET', host, path: '/test.txt', payloadHash: EMPTY_SHA256 }, credentials, scope);
    const withToken = signRequest(
      { method: 'GET', host, path: '/test.txt', payloadHash: EMPTY_SHA256 },
      { ...credentials, sessionToken: 'FQoGZXIvYXdzEXAMPLE' },
      scope,
    );
    expect(plain['x-amz-security-token']).toBeUndefined();
    expect(withToken['x-amz-security-token']).toBe('FQoGZXIvYXdzEXAMPLE');
    expect(withToken.authorization).toContain('SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,');
    expect(withToken.authorization).not.toBe(plain.authorization);
  });

  it('signs the region of the scope', () => {
    const eu = signRequest({ method: 'GET', host, path: '/test.txt', payloadHash: EMPTY_SHA256 }, credentials, {
      ...scope,
      region: 'eu-west-1',
    });
    expect(eu.authorization).toContain('Credential=AKIAIOSFODNN7EXAMPLE/20130524/eu-west-1/s3/aws4_request,');
  });
});

describe('encoding', () => {
  it('encodes each path segment once and keeps the slashes', () => {
    expect(encodePath('/bucket/org-1/a b+c$(d)~e_f.g')).toBe('/bucket/org-1/a%20b%2Bc%24%28d%29~e_f.g');
  });

  it('sorts the query by encoded name and encodes values', () => {
    expect(encodeQuery({ b: '2', a: 'x y', 'a*': '/' })).toBe('a=x%20y&a%2A=%2F&b=2');
  });
});

/** S3 settings from the environment, and where their requests go (no network here). */
import { describe, expect, it } from 'vitest';
import { requestTarget } from './s3-file-store.ts';
import { s3SettingsFromEnv } from './s3-settings.ts';

const keys = { S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };

describe('s3SettingsFromEnv', () => {
  it('keeps local disk when no S3 variable is set', () => {
    expect(s3SettingsFromEnv({})).toBeUndefined();
    expect(s3SettingsFromEnv({ S3_BUCKET: '' })).toBeUndefined();
  });

  it('defaults to the AWS endpoint of the region with virtual-host style', () => {
    expect(s3SettingsFromEnv({ S3_BUCKET: 'docket-files', ...keys })).toEqual({
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      bucket: 'docket-files',
      region: 'us-east-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      sessionToken: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    expect(s3SettingsFromEnv({ S3_BUCKET: 'b1', S3_REGION: 'eu-west-3', ...keys })?.endpoint).toBe('https://s3.eu-west-3.amazonaws.com');
  });

  it('uses path style for a custom endpoint unless told otherwise, and normalises the prefix', () => {
    const minio = s3SettingsFromEnv({
      S3_BUCKET: 'docket',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_PREFIX: '/prod/files/',
      S3_SESSION_TOKEN: 'token',
      ...keys,
    });
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, prefix: 'prod/files/', sessionToken: 'token' });
    expect(
      s3SettingsFromEnv({ S3_BUCKET: 'docket', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false', ...keys })
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses a partial or invalid setup with the variable to fix', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ S3_BUCKET: 'docket' }, 'S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.'],
      [{ S3_BUCKET: 'docket', S3_ACCESS_KEY_ID: 'AKID' }, 'S3_BUCKET is set, so S3_SECRET_ACCESS_KEY must be set too.'],
      [
        { S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys },
        'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not.',
      ],
      [{ S3_BUCKET: 'docket', S3_ENDPOINT: 'minio:9000', ...keys }, 'S3_ENDPOINT must be an http or https URL'],
      [{ S3_BUCKET: 'docket', S3_ENDPOINT: 'not a url', ...keys }, 'S3_ENDPOINT must be a URL'],
      [{ S3_BUCKET: 'docket', S3_ENDPOINT: 'http://user:pw@127.0.0.1:9000', ...keys }, 'must not carry credentials'],
      [{ S3_BUCKET: 'docket', S3_FORCE_PATH_STYLE: 'maybe', ...keys }, 'S3_FORCE_PATH_STYLE must be true or false'],
      [{ S3_BUCKET: 'a/b', ...keys }, "S3_BUCKET 'a/b' is not a valid bucket name."],
      [{ S3_BUCKET: 'Docket_Files', ...keys }, 'set S3_FORCE_PATH_STYLE=true'],
      [{ S3_BUCKET: 'docket', S3_REGION: 'EU West', ...keys }, "S3_REGION 'EU West' is not a region name"],
      [{ S3_BUCKET: 'docket', S3_PREFIX: 'a/../b', ...keys }, "S3_PREFIX 'a/../b' may only hold"],
      [{ S3_BUCKET: 'docket', S3_PREFIX: 'a b', ...keys }, "S3_PREFIX 'a b' may only hold"],
    ];
    for (const [env, message] of cases) expect(() => s3SettingsFromEnv(env), message).toThrow(message);
  });
});

describe('requestTarget', () => {
  it('puts the bucket in the path (path style)', () => {
    expect(requestTarget({ endpoint: 'http://127.0.0.1:9000', bucket: 'docket', forcePathStyle: true }, 'org-1/abc')).toEqual({
      host: '127.0.0.1:9000',
      hostname: '127.0.0.1',
      port: 9000,
      path: '/docket/org-1/abc',
    });
  });

  it('puts the bucket in the host name (virtual-host style), keeping the default port implicit', () => {
    expect(
      requestTarget({ endpoint: 'https://s3.eu-west-3.amazonaws.com', bucket: 'docket', forcePathStyle: false }, 'p/org-1/abc'),
    ).toEqual({
      host: 'docket.s3.eu-west-3.amazonaws.com',
      hostname: 'docket.s3.eu-west-3.amazonaws.com',
      port: undefined,
      path: '/p/org-1/abc',
    });
  });

  it('keeps an endpoint base path and connects to IPv6 literals without brackets', () => {
    expect(requestTarget({ endpoint: 'http://[::1]:9000/storage', bucket: 'docket', forcePathStyle: true }, 'org-1/abc')).toEqual({
      host: '[::1]:9000',
      hostname: '::1',
      port: 9000,
      path: '/storage/docket/org-1/abc',
    });
  });
});

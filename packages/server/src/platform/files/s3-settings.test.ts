/** S3 settings from the environment, and where their requests go (no network here). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig } from './s3-file-store.ts';
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
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' },
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
    expect(minio).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'prod/files/',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret', sessionToken: 'token' },
    });
    expect(
      s3SettingsFromEnv({ S3_BUCKET: 'docket', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false', ...keys })
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('refuses a partial or invalid setup with the variable to fix', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ S3_BUCKET: 'docket', S3_ACCESS_KEY_ID: 'AKID' }, 'S3_ACCESS_KEY_ID is set, so S3_SECRET_ACCESS_KEY must be set too'],
      [{ S3_BUCKET: 'docket', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_SECRET_ACCESS_KEY is set, so S3_ACCESS_KEY_ID must be set too'],
      [{ S3_BUCKET: 'docket', S3_SESSION_TOKEN: 'token' }, 'S3_SESSION_TOKEN is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
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

describe('credentials', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('leaves them to the AWS credential chain (variables, profile, instance role) when no keys are set', async () => {
    const settings = s3SettingsFromEnv({ S3_BUCKET: 'docket' });
    expect(settings?.credentials).toBeUndefined();
    // The chain's first link, the AWS_* variables, stands in for an instance role here (no network).
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'FROM-CHAIN');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'chain-secret');
    const client = new S3Client(s3ClientConfig(settings!));
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'FROM-CHAIN', secretAccessKey: 'chain-secret' });
  });

  it('uses the configured keys when they are set', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'FROM-CHAIN');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'chain-secret');
    const client = new S3Client(s3ClientConfig(s3SettingsFromEnv({ S3_BUCKET: 'docket', ...keys })!));
    expect(await client.config.credentials()).toMatchObject({ accessKeyId: 'AKID', secretAccessKey: 'secret' });
  });
});

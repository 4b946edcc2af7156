/**
 * The S3-compatible store's settings from the environment (README: "Stored files"). Setting
 * `S3_BUCKET` switches the file store from local disk to S3; a partial or invalid setup is refused
 * when the server starts, with the variable to fix, rather than at the first upload.
 */

export interface S3Settings {
  /** Base URL of the service; the AWS endpoint of the region when S3_ENDPOINT is empty. */
  endpoint: string;
  bucket: string;
  region: string;
  /**
   * Keys from S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (and S3_SESSION_TOKEN); undefined: the AWS
   * SDK's default credential chain (AWS_* variables, shared profile, web identity, ECS task role,
   * EC2 instance role).
   */
  credentials: S3Credentials | undefined;
  /** `endpoint/bucket/key` (MinIO, most self-hosted stores) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Prepended to every storage key: '' or ending with '/'. */
  prefix: string;
}

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_SESSION_TOKEN',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
];
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

class S3SettingsError extends Error {
  constructor(message: string) {
    super(`File storage: ${message}`);
    this.name = 'S3SettingsError';
  }
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new S3SettingsError(`${name} must be true or false, got '${value}'.`);
}

function endpointOf(value: string | undefined, region: string): string {
  if (!value) return `https://s3.${region}.amazonaws.com`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new S3SettingsError(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, got '${value}'.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new S3SettingsError(`S3_ENDPOINT must be an http or https URL, got '${value}'.`);
  if (url.username || url.password || url.search || url.hash)
    throw new S3SettingsError(
      'S3_ENDPOINT must not carry credentials, a query or a fragment (use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).',
    );
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** undefined: no S3_* variable is set, files stay on local disk. Throws on a partial or invalid setup. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!bucket) {
    const stray = VARIABLES.filter((name) => env[name]);
    if (stray.length > 0) throw new S3SettingsError(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not.`);
    return undefined;
  }
  if (!BUCKET.test(bucket)) throw new S3SettingsError(`S3_BUCKET '${bucket}' is not a valid bucket name.`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  const sessionToken = env.S3_SESSION_TOKEN?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new S3SettingsError(
      `${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is set, so ${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} must be set too ` +
        '(or leave both unset to use the AWS credential chain: AWS_* variables, profile, instance role).',
    );
  if (sessionToken && !accessKeyId)
    throw new S3SettingsError('S3_SESSION_TOKEN is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too.');
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!REGION.test(region)) throw new S3SettingsError(`S3_REGION '${region}' is not a region name such as us-east-1.`);
  const endpoint = endpointOf(env.S3_ENDPOINT?.trim(), region);
  const forcePathStyle = flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE?.trim(), Boolean(env.S3_ENDPOINT?.trim()));
  if (!forcePathStyle && !/^[a-z0-9][a-z0-9.-]*[a-z0-9]$/.test(bucket))
    throw new S3SettingsError(`S3_BUCKET '${bucket}' cannot be part of a host name: set S3_FORCE_PATH_STYLE=true.`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix && (!PREFIX.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..')))
    throw new S3SettingsError(`S3_PREFIX '${env.S3_PREFIX}' may only hold letters, digits, '.', '_', '-' and '/' between names.`);
  return {
    endpoint,
    bucket,
    region,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined,
    forcePathStyle,
    prefix: prefix ? `${prefix}/` : '',
  };
}

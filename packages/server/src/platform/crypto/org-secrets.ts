/**
 * Secrets an organisation stores (a mail connector's password or OAuth2 bearer,
 * docs/product/mail.md#connectors) are encrypted at rest with the organisation's key:
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's master key and the
 * organisation's id, so one organisation's ciphertext never opens with another's key. The master
 * key is the operator's `DOCKET_SECRETS_KEY` (config.secretsKey) when set — then the database
 * alone does not reveal the secrets — else a random key kept in `app_secrets`, shared by every
 * server process. Secrets are only ever decrypted to open a connection; no call answers them.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { loadOrCreateSecret } from '../auth/secrets.ts';

const VERSION = 'v1';
const masterKeys = new WeakMap<Database, Promise<Uint8Array>>();

/** Where the keys come from: the database, and the operator's master key when set (config.secretsKey). */
export interface SecretKeySource {
  database: Database;
  masterKey?: string | undefined;
}

function masterKeyOf(source: SecretKeySource): Promise<Uint8Array> {
  if (source.masterKey) return Promise.resolve(Buffer.from(source.masterKey, 'base64'));
  let key = masterKeys.get(source.database);
  if (!key) {
    key = loadOrCreateSecret(source.database, 'org-secrets-master');
    masterKeys.set(source.database, key);
  }
  return key;
}

async function orgKey(source: SecretKeySource, orgId: number): Promise<Buffer> {
  const master = await masterKeyOf(source);
  return Buffer.from(hkdfSync('sha256', master, Buffer.from(`org:${orgId}`), Buffer.from('docket organisation secrets'), 32));
}

export async function encryptOrgSecret(source: SecretKeySource, orgId: number, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await orgKey(source, orgId), iv);
  cipher.setAAD(Buffer.from(`org:${orgId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export async function decryptOrgSecret(source: SecretKeySource, orgId: number, sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unreadable stored secret');
  const decipher = createDecipheriv('aes-256-gcm', await orgKey(source, orgId), Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(`org:${orgId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}

import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { decryptOrgSecret, encryptOrgSecret } from './org-secrets.ts';

// docs/product/mail.md#connectors: secrets are encrypted with the organisation's key.
describe('organisation secrets', () => {
  it('round-trips, never stores the plain text, and does not open under another organisation', async () => {
    const database = await openDatabase({ sqlitePath: ':memory:' });
    const source = { database };
    const sealed = await encryptOrgSecret(source, 1, 'hunter2-imap');
    expect(sealed).not.toContain('hunter2');
    expect(await decryptOrgSecret(source, 1, sealed)).toBe('hunter2-imap');
    await expect(decryptOrgSecret(source, 2, sealed)).rejects.toThrow();
    expect(await encryptOrgSecret(source, 1, 'hunter2-imap')).not.toBe(sealed);
    const withMaster = { database, masterKey: Buffer.alloc(32, 7).toString('base64') };
    const sealedWithMaster = await encryptOrgSecret(withMaster, 1, 'bearer-token');
    expect(await decryptOrgSecret(withMaster, 1, sealedWithMaster)).toBe('bearer-token');
    await expect(decryptOrgSecret(source, 1, sealedWithMaster)).rejects.toThrow();
    await database.close();
  });
});

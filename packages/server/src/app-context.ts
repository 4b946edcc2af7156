/**
 * What every module receives: the database, the token signer, the file store and the
 * configuration. Passed explicitly (GUIDE habit 10), never read from globals.
 */
import type { Database } from './platform/db/database.ts';
import type { AccessTokens } from './platform/auth/access-tokens.ts';
import type { Config } from './config.ts';
import type { FileStore } from './platform/files/file-store.ts';

export interface AppContext {
  database: Database;
  accessTokens: AccessTokens;
  config: Config;
  /** Where attachment bytes live (local disk or S3), opened at start from `config.files`. */
  fileStore: FileStore;
}

/**
 * What every module receives: the database, the token signer and the configuration. Passed
 * explicitly (GUIDE habit 10), never read from globals.
 */
import type { Database } from './platform/db/database.ts';
import type { AccessTokens } from './platform/auth/access-tokens.ts';
import type { Config } from './config.ts';

export interface AppContext {
  database: Database;
  accessTokens: AccessTokens;
  config: Config;
}

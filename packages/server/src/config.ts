/** Configuration from the environment (README lists every variable). */
import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedPassword: string;
  /** Seed the demo organisations into an empty database. */
  seedDemo: boolean;
  webDist: string | undefined;
  logLevel: string;
  /** SMTP server URL for outgoing mail (nodemailer); unset: mail is kept in the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address browsers reach Docket at (the OIDC redirect URI is built from it). */
  publicUrl: string;
}

export const DEFAULT_SEED_PASSWORD = 'docket-demo-1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    // npm runs workspace scripts inside the package folder; INIT_CWD is where the user typed the
    // command, so a relative DATA_DIR means the same folder as in the README.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedPassword: env.SEED_PASSWORD || DEFAULT_SEED_PASSWORD,
    seedDemo: env.SEED_DEMO !== 'false',
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Docket <no-reply@docket.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
  };
}

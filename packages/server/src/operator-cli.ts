/**
 * The platform operator's command line (docs/product/administration.md#subscriptions): the only
 * way to create, suspend, reactivate and list organisations. Whoever can run it has the server's
 * database configuration (the same environment as `npm start`); no HTTP route offers these.
 *
 *   npm run operator -w @docket/server -- list
 *   npm run operator -w @docket/server -- create --app-id acme2 --company "Acme 2" --domain acme2.com --admin boss@acme2.com [--signup-domains acme2.com,acme2.co.uk] [--plan standard --seats 50]
 *   npm run operator -w @docket/server -- suspend --app-id acme2
 *   npm run operator -w @docket/server -- resume --app-id acme2
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { openFileStore } from './platform/files/open-file-store.ts';
import { createAppContext, type AppContext } from './app-context.ts';
import { createOrganisation, listOrganisations, OperatorError, setOrganisationActive } from './modules/subscriptions/operator.service.ts';

const USAGE =
  'Usage: operator list | create --app-id ID --company NAME --domain DOMAIN --admin EMAIL [--signup-domains A,B] [--plan P] [--seats N] | suspend --app-id ID | resume --app-id ID';

type Command = (ctx: AppContext, values: Record<string, string | undefined>) => Promise<unknown>;

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new OperatorError(`--${name} is required. ${USAGE}`);
  return value;
}

const commands: Record<string, Command> = {
  list: (ctx) => listOrganisations(ctx),
  create: (ctx, values) => {
    const domains = values['signup-domains']
      ?.split(',')
      .map((d) => d.trim())
      .filter(Boolean);
    return createOrganisation(ctx, {
      appId: required(values, 'app-id'),
      company: required(values, 'company'),
      primaryDomain: required(values, 'domain'),
      adminEmail: required(values, 'admin'),
      ...(domains ? { authorizedDomains: domains, emailSignup: domains.length > 0 } : {}),
      ...(values.plan || values.seats
        ? { license: { ...(values.plan ? { plan: values.plan } : {}), ...(values.seats ? { seats: Number(values.seats) } : {}) } }
        : {}),
    });
  },
  suspend: (ctx, values) => setOrganisationActive(ctx, required(values, 'app-id'), false),
  resume: (ctx, values) => setOrganisationActive(ctx, required(values, 'app-id'), true),
};

/** The command line, or the usage (on stdout when asked for with --help, else on stderr with the mistake). */
function commandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        'app-id': { type: 'string' },
        company: { type: 'string' },
        domain: { type: 'string' },
        admin: { type: 'string' },
        'signup-domains': { type: 'string' },
        plan: { type: 'string' },
        seats: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const { positionals, values } = commandLine();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const command = commands[positionals[0] ?? ''];
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  statementTimeoutMs: config.database.statementTimeoutMs,
  maintenanceTimeoutMs: config.database.maintenanceTimeoutMs,
  planCacheMode: config.database.planCacheMode,
  mmapMb: config.database.mmapMb,
});
try {
  const ctx = await createAppContext({ database, config, fileStore: openFileStore(config.files) });
  const { help: _help, ...options } = values;
  console.log(JSON.stringify(await command(ctx, options), null, 2));
} catch (error) {
  if (!(error instanceof OperatorError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}

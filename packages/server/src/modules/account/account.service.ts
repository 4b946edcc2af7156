/** The signed-in user's session (issue 2 item 7): the user, their grants and the subscription. */
import { withoutSettingsSecrets, type AppConfig, type SessionAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { readJson } from '../../platform/db/json.ts';
import { organisationsOf } from '../../platform/auth/auth.service.ts';
import { readPreferencesIn } from '../preferences/member-preferences.ts';

export async function getSession(ctx: AppContext, principal: Principal): Promise<SessionAnswer> {
  const [preferences, org, organisations] = await Promise.all([
    // The person's own settings and this organisation's default site, currency and metrics.
    readPreferencesIn(ctx.database.db, principal.uuid, principal.org.id),
    ctx.database.db.selectFrom('organisations').selectAll().where('id', '=', principal.org.id).executeTakeFirstOrThrow(),
    organisationsOf(ctx, principal.uuid, principal.boundOrgId ?? null),
  ]);
  return {
    user: {
      uuid: principal.uuid,
      display_name: principal.displayName,
      email: principal.email,
      acl: principal.grants,
      roles: [...principal.roles].sort(),
      preferences,
    },
    subscription: {
      company: org.company,
      app_id: org.app_id,
      app_config: readJson<AppConfig>(org.app_config, {}),
      // Every member reads the session: write-only settings (the translation key) stay on the server.
      settings: withoutSettingsSecrets(readJson<Record<string, unknown>>(org.settings, {})),
      active: org.active === 1,
    },
    organisations,
  };
}

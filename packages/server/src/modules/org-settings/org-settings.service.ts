/**
 * Organisation settings (docs/product/administration.md#settings): read and saved by the
 * organisation's administrators only, through the administrator-only type `$$settings`. A save
 * names the sections it changes; each is merged over its stored values and checked whole with the
 * shared schema, and either every section sent is stored or none (one transaction, the row locked
 * on PostgreSQL). Nothing is cached in the process: every request reads the row, so a change
 * reaches every member, on every server process, at their next request.
 */
import {
  ORG_SETTINGS_SECTIONS,
  orgSettingsProblems,
  orgSettingsSchemas,
  type AppConfig,
  type OrgSettingsAnswer,
  type OrgSettingsBody,
  type OrgSettingsSectionName,
  type StorageUsageAnswer,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { badRequest } from '../../http/http-error.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import { storageBytesOf, storageUsageAnswer } from '../../platform/files/storage-usage.ts';
import { settingsSections, type StoredOrgSettings } from './org-settings.sections.ts';
import { settingsChanges } from './settings-changes.ts';

const WHAT = 'the organisation settings';

type Values = Record<string, unknown>;

function storedOf(row: { settings: unknown; app_config: unknown }): StoredOrgSettings {
  return { settings: readJson<Values>(row.settings, {}), appConfig: readJson<AppConfig>(row.app_config, {}) };
}

/** A section's values, keeping only its schema's fields (an older stored key never blocks a save). */
function sectionValues(name: OrgSettingsSectionName, stored: StoredOrgSettings): Values {
  const known = orgSettingsSchemas[name].properties ?? {};
  return Object.fromEntries(Object.entries(settingsSections[name].read(stored)).filter(([key]) => Object.hasOwn(known, key)));
}

function answerOf(stored: StoredOrgSettings): OrgSettingsAnswer {
  return Object.fromEntries(ORG_SETTINGS_SECTIONS.map((name) => [name, sectionValues(name, stored)])) as OrgSettingsAnswer;
}

export async function readOrgSettings(ctx: AppContext, principal: Principal): Promise<OrgSettingsAnswer> {
  requireAdministrator(principal, adminTypes.settings, 'read', WHAT);
  const row = await ctx.database.db
    .selectFrom('organisations')
    .select(['settings', 'app_config'])
    .where('id', '=', principal.org.id)
    .executeTakeFirstOrThrow();
  return answerOf(storedOf(row));
}

/** The sections sent, merged over the stored ones and checked; throws 400 naming every problem. */
function checkedSections(stored: StoredOrgSettings, body: OrgSettingsBody): [OrgSettingsSectionName, Values][] {
  const sections = ORG_SETTINGS_SECTIONS.flatMap((name) => {
    const sent = body[name];
    if (!sent) return [];
    const secrets = settingsSections[name].secrets;
    // An empty secret keeps the stored one; its `…_set` flag is the server's to answer.
    const own = Object.fromEntries(
      Object.entries(sent).filter(([key, value]) => !key.endsWith('_set') && !(secrets.includes(key) && (value === '' || value === null))),
    );
    const { translation_api_key_set: _set, ...current } = sectionValues(name, stored);
    return [[name, { ...current, ...own }] as [OrgSettingsSectionName, Values]];
  });
  const problems = sections.flatMap(([name, values]) =>
    orgSettingsProblems(name, values).map((problem) => ({
      path: problem.path ? `${name}.${problem.path}` : name,
      message: problem.message,
    })),
  );
  if (problems.length > 0) throw badRequest(`Invalid settings: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, problems);
  return sections;
}

export async function saveOrgSettings(ctx: AppContext, principal: Principal, body: OrgSettingsBody): Promise<OrgSettingsAnswer> {
  requireAdministrator(principal, adminTypes.settings, 'update', WHAT);
  const names = ORG_SETTINGS_SECTIONS.filter((name) => body[name] !== undefined);
  if (names.length === 0) throw badRequest(`Invalid settings: name at least one section (${ORG_SETTINGS_SECTIONS.join(', ')}).`);
  // A new translation key is kept sealed as an organisation secret, never as plain text; it is
  // sealed before the transaction (sealing may create the organisation's key). Its length is
  // checked on the plain text below.
  const sentKey = body.general?.translation_api_key;
  const sealedKey =
    typeof sentKey === 'string' && sentKey !== ''
      ? await encryptOrgSecret({ database: ctx.database, masterKey: ctx.config.secretsKey }, principal.org.id, sentKey)
      : undefined;
  const { before, after } = await ctx.database.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('organisations').select(['settings', 'app_config']).where('id', '=', principal.org.id);
    if (ctx.database.dialect === 'postgres') query = query.forUpdate();
    const stored = storedOf(await query.executeTakeFirstOrThrow());
    let next = stored;
    for (const [name, values] of checkedSections(stored, body)) next = settingsSections[name].write(next, values);
    if (sealedKey) next = { ...next, settings: { ...next.settings, translation_api_key: sealedKey } };
    await trx
      .updateTable('organisations')
      .set({ settings: writeJson(next.settings), app_config: writeJson(next.appConfig) })
      .where('id', '=', principal.org.id)
      .execute();
    return { before: stored, after: next };
  });
  await logAdministration(ctx.database, principal, {
    subject: 'Organisation settings updated',
    action: `updated the organisation settings (${names.join(', ')})`,
    descrip: names
      .map((name) => settingsChanges(name, sectionValues(name, before), sectionValues(name, after), settingsSections[name].secrets))
      .join('\n'),
  });
  return answerOf(after);
}

export async function readStorageUsage(ctx: AppContext, principal: Principal): Promise<StorageUsageAnswer> {
  requireAdministrator(principal, adminTypes.settings, 'read', WHAT);
  return storageUsageAnswer(await storageBytesOf(ctx.database, principal.org.id));
}

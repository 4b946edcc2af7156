/**
 * The organisation's translation settings (docs/product/administration.md#translation), flat keys
 * of `organisations.settings` written by the general settings form: `translation` (on unless set
 * to false), `translation_url`, `translation_api_key` (write-only; sealed as an organisation secret
 * or, when written before sealing, plain).
 */
import type { AppContext } from '../../app-context.ts';
import { readJson } from '../../platform/db/json.ts';
import { decryptOrgSecret } from '../../platform/crypto/org-secrets.ts';

export interface TranslationSettings {
  isEnabled: boolean;
  url: string | null;
  apiKey: string | null;
}

/** Pure: the settings from the stored JSON, wrong types read as absent. */
export function translationSettingsFrom(
  settings: unknown,
  appConfig?: unknown,
): Omit<TranslationSettings, 'apiKey'> & { storedKey: string | null } {
  const record = settings && typeof settings === 'object' ? (settings as Record<string, unknown>) : {};
  const general = (appConfig as { general?: { translation?: unknown } } | undefined)?.general;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  // The settings form writes both switches alike; an organisation configured before it (the
  // demo's `app_config.general.translation: false`) is read by the one it has.
  const switchedOn = typeof record.translation === 'boolean' ? record.translation : general?.translation !== false;
  return { isEnabled: switchedOn, url: text(record.translation_url), storedKey: text(record.translation_api_key) };
}

async function apiKeyOf(ctx: AppContext, orgId: number, stored: string | null): Promise<string | null> {
  if (stored === null || !stored.startsWith('v1:')) return stored;
  try {
    return await decryptOrgSecret({ database: ctx.database, masterKey: ctx.config.secretsKey }, orgId, stored);
  } catch {
    return stored;
  }
}

export async function translationSettingsOf(ctx: AppContext, orgId: number): Promise<TranslationSettings> {
  const row = await ctx.database.db
    .selectFrom('organisations')
    .select(['settings', 'app_config'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  const { storedKey, ...settings } = translationSettingsFrom(readJson<unknown>(row?.settings, {}), readJson<unknown>(row?.app_config, {}));
  return { ...settings, apiKey: await apiKeyOf(ctx, orgId, storedKey) };
}
